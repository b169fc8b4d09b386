import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables';
import type { AuthContext } from '../context';
import { sessionCacheOf } from './session-cache';

/** Sessions live in the database so that any number of app processes can serve a user. */
function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A fresh random token for cookies and CSRF. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** Creates a session row and returns the cookie token (only its hash is stored). */
export async function createSession(
  db: Kysely<Database>,
  userId: number,
  days: number,
  saml2Idp: string | null = null,
  /** A federated login's NameID and SessionIndex, which single logout sends back to the identity provider, and its service provider. */
  saml?: { nameId: string; nameIdFormat: string | null; sessionIndex: string | null; federation?: string },
): Promise<{ token: string; csrfToken: string; expiresAt: Date }> {
  const token = randomToken();
  const csrfToken = randomToken(24);
  const expiresAt = new Date(Date.now() + days * 86_400_000);
  await db
    .insertInto('sessions')
    .values({
      id: hashToken(token),
      user_id: userId,
      csrf_token: csrfToken,
      saml2_idp: saml2Idp,
      expires_at: expiresAt,
      saml_name_id: saml?.nameId ?? null,
      saml_name_id_format: saml?.nameIdFormat ?? null,
      saml_session_index: saml?.sessionIndex ?? null,
      saml_federation: saml?.federation ?? null,
    })
    .execute();
  return { token, csrfToken, expiresAt };
}

/**
 * Looks up a live session by its cookie token, with its (active) user: from the process's session
 * cache when it holds it (services/session-cache.ts), else by one read of the session row by its
 * indexed hash joined to its user. Reads never write.
 */
export async function findSession(db: Kysely<Database>, token: string): Promise<AuthContext | null> {
  const id = hashToken(token);
  const cache = sessionCacheOf(db);
  const held = cache?.get(id);
  if (held) return held.auth;
  const stamp = cache?.stamp ?? 0;
  const row = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .selectAll('users')
    .select(['sessions.id as session_id', 'sessions.csrf_token', 'sessions.saml2_idp', 'sessions.expires_at as session_expires_at'])
    .where('sessions.id', '=', id)
    .where('sessions.expires_at', '>', new Date())
    .where('users.is_active', '=', true)
    .executeTakeFirst();
  if (!row) return null;
  const { session_id, csrf_token, saml2_idp, session_expires_at, ...user } = row;
  const auth: AuthContext = { sessionId: session_id, csrfToken: csrf_token, saml2Idp: saml2_idp, user };
  cache?.store(id, auth, new Date(session_expires_at), stamp);
  return auth;
}

/** Ends a session (this process forgets it at once; the others on the notification). */
export async function deleteSession(db: Kysely<Database>, sessionId: string): Promise<void> {
  sessionCacheOf(db)?.forgetSession(sessionId);
  await db.deleteFrom('sessions').where('id', '=', sessionId).execute();
  sessionCacheOf(db)?.forgetSession(sessionId);
}

/** Removes expired sessions (a scheduled job). */
export async function purgeExpiredSessions(db: Kysely<Database>): Promise<number> {
  const result = await db.deleteFrom('sessions').where('expires_at', '<=', new Date()).executeTakeFirst();
  return Number(result.numDeletedRows);
}
