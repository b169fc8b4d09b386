import { hash, randomBytes } from 'node:crypto';
import type { Db } from '@/server/db/handle';
import type { UserRow } from '@/server/users/queries';
import { isAdmin, type AuthContext } from '../context';
import type { SessionSettings } from '../config';
import { sessionCacheOf } from './session-cache';
import { deleteExpiredSessions, deleteSessionById, insertSession, liveSessionWithUser, touchSession } from './queries';

/**
 * A session is marked used at most this often (one write a minute per session in use, sent to no
 * process: migration 0026), so its last use and the idle timeout are exact to the minute.
 */
export const TOUCH_EVERY_MS = 60_000;
/** The longest User-Agent kept with a session. */
const USER_AGENT_LENGTH = 512;

/** The browser and address of the request that signs in or uses a session. */
export interface SessionClient {
  ip: string;
  userAgent?: string;
}

/** The lifetimes (minutes) that hold for a user's sessions: staff's are shorter (config `SESSION_STAFF_*`). */
export function sessionLifetimes(settings: SessionSettings, user: Pick<UserRow, 'is_staff' | 'is_superuser'>): { idle: number; absolute: number } {
  return isAdmin(user) ? settings.staff : settings.user;
}

/** How many days a new session of this user lives at most (its cookie's expiry). */
export function sessionDaysOf(settings: SessionSettings, user: Pick<UserRow, 'is_staff' | 'is_superuser'>): number {
  return sessionLifetimes(settings, user).absolute / (24 * 60);
}

/** Sessions live in the database so that any number of app processes can serve a user. */
function hashToken(token: string): string {
  // The one-shot hash: every signed-in request asks it, and it allocates no Hash object.
  return hash('sha256', token, 'hex');
}

/** A fresh random token for cookies and CSRF. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** Creates a session row and returns the cookie token (only its hash is stored). */
export async function createSession(
  db: Db,
  userId: number,
  days: number,
  saml2Idp: string | null = null,
  /** A federated login's NameID and SessionIndex, which single logout sends back to the identity provider, and its service provider. */
  saml?: { nameId: string; nameIdFormat: string | null; sessionIndex: string | null; federation?: string },
  /** The browser signing in, shown in the user's list of sessions. */
  client?: SessionClient,
): Promise<{ token: string; csrfToken: string; expiresAt: Date }> {
  const token = randomToken();
  const csrfToken = randomToken(24);
  const expiresAt = new Date(Date.now() + days * 86_400_000);
  await insertSession(db, {
    id: hashToken(token),
    user_id: userId,
    csrf_token: csrfToken,
    saml2_idp: saml2Idp,
    expires_at: expiresAt,
    saml_name_id: saml?.nameId ?? null,
    saml_name_id_format: saml?.nameIdFormat ?? null,
    saml_session_index: saml?.sessionIndex ?? null,
    saml_federation: saml?.federation ?? null,
    user_agent: (client?.userAgent ?? '').slice(0, USER_AGENT_LENGTH),
    ip: client?.ip ?? '',
  });
  return { token, csrfToken, expiresAt };
}

/**
 * Looks up a live session by its cookie token, with its (active) user: from the process's session
 * cache when it holds it (services/session-cache.ts), else by one read of the session row by its
 * indexed hash joined to its user. With `settings`, a session unused for longer than its user's
 * idle time is ended, and one in use is marked used (its time and the caller's address) when its
 * mark is older than {@link TOUCH_EVERY_MS} — the only write of a read, once a minute per session.
 */
export async function findSession(db: Db, token: string, settings?: SessionSettings, client?: SessionClient): Promise<AuthContext | null> {
  const id = hashToken(token);
  const cache = sessionCacheOf(db);
  const now = Date.now();
  const held = cache?.get(id, now);
  if (held) {
    if (settings && now - held.lastUsedAt >= sessionLifetimes(settings, held.auth.user).idle * 60_000) return endIdle(db, id);
    if (settings && now - held.lastUsedAt >= TOUCH_EVERY_MS) {
      held.lastUsedAt = now;
      await touch(db, id, now, client);
    }
    return held.auth;
  }
  const stamp = cache?.stamp ?? 0;
  const row = await liveSessionWithUser(db, id, new Date(now));
  if (!row) return null;
  const { session_id, csrf_token, saml2_idp, session_expires_at, session_last_used_at, ...user } = row;
  let lastUsedAt = new Date(session_last_used_at).getTime();
  if (settings && now - lastUsedAt >= sessionLifetimes(settings, user).idle * 60_000) return endIdle(db, id);
  if (settings && now - lastUsedAt >= TOUCH_EVERY_MS) {
    lastUsedAt = now;
    await touch(db, id, now, client);
  }
  const auth: AuthContext = { sessionId: session_id, csrfToken: csrf_token, saml2Idp: saml2_idp, user };
  cache?.store(id, auth, new Date(session_expires_at), stamp, now, lastUsedAt);
  return auth;
}

/** Marks a session used now, from the caller's address (notifies no process: migration 0026). */
async function touch(db: Db, id: string, now: number, client?: SessionClient): Promise<void> {
  await touchSession(db, id, new Date(now), client?.ip);
}

/** A session found idle past its time is ended: refused now, and by every process. */
async function endIdle(db: Db, id: string): Promise<null> {
  await deleteSession(db, id);
  return null;
}

/** Ends a session (this process forgets it at once; the others on the notification). */
export async function deleteSession(db: Db, sessionId: string): Promise<void> {
  sessionCacheOf(db)?.forgetSession(sessionId);
  await deleteSessionById(db, sessionId);
  sessionCacheOf(db)?.forgetSession(sessionId);
}

/** Removes expired sessions, past their absolute lifetime or idle past their user's idle time (a scheduled job). */
export async function purgeExpiredSessions(db: Db, settings: SessionSettings): Promise<number> {
  const now = Date.now();
  const idleSince = (minutes: number) => new Date(now - minutes * 60_000);
  return deleteExpiredSessions(db, new Date(now), idleSince(settings.user.idle), idleSince(settings.staff.idle));
}
