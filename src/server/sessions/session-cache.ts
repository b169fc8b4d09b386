/**
 * Signed-in sessions held in memory, so that checking the session of a request costs no database
 * read (docs/decisions/0160-fast-on-the-wire-and-at-scale.md). Correctness first: an entry is only
 * kept while the process listens to the `portal_auth` notifications that every change to a
 * session, a user or their memberships sends on commit (migration 0011), and every such
 * notification drops what is held for that user, on every process. A process that is not
 * listening (its listening connection failed, or none was started) reads the database every time.
 */
import type { AuthContext } from '../context';
import type { Db } from '@/server/db/handle';
import type { DatabaseHandle } from '../db/database';

/** The channel migration 0011's triggers notify, with the user id as payload. */
export const AUTH_CHANNEL = 'portal_auth';
/**
 * An entry is read again from the database at least this often, notifications or not: the hard
 * bound on how long another process may still honour a session ended elsewhere (normally it is the
 * notification's delivery, about a millisecond).
 */
export const MAX_AGE_MS = 1_000;
/** Entries kept at most (the oldest go first). */
const MAX_ENTRIES = 50_000;

interface Entry {
  auth: AuthContext;
  expiresAt: number;
  storedAt: number;
  /** When the session was last marked used (ms), which the idle timeout counts from. */
  lastUsedAt: number;
  /** The signed-in `sessionactive` answer as sent (JSON text), once built. */
  answer?: string;
}

export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  private readonly byUser = new Map<number, Set<string>>();
  /** Bumped by every notification: a read that saw a bump while it ran is not stored. */
  private generation = 0;
  private listening = true;

  /** The generation to pass to {@link store} after reading from the database. */
  get stamp(): number {
    return this.generation;
  }

  get active(): boolean {
    return this.listening;
  }

  /** The live entry of a session (by its hashed id), or undefined. */
  get(sessionId: string, now = Date.now()): Entry | undefined {
    const entry = this.entries.get(sessionId);
    if (!entry) return undefined;
    if (entry.expiresAt <= now || now - entry.storedAt > MAX_AGE_MS) {
      this.forgetSession(sessionId);
      return undefined;
    }
    return entry;
  }

  /** Keeps a session read from the database, unless a notification arrived since `stamp`. */
  store(sessionId: string, auth: AuthContext, expiresAt: Date, stamp: number, now = Date.now(), lastUsedAt = now): void {
    if (!this.listening || stamp !== this.generation) return;
    if (this.entries.size >= MAX_ENTRIES) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.forgetSession(oldest);
    }
    this.entries.set(sessionId, { auth, expiresAt: expiresAt.getTime(), storedAt: now, lastUsedAt });
    let ids = this.byUser.get(auth.user.id);
    if (!ids) this.byUser.set(auth.user.id, (ids = new Set()));
    ids.add(sessionId);
  }

  /** Adds the `sessionactive` answer built for an entry, unless a notification arrived since `stamp`. */
  storeAnswer(sessionId: string, answer: string, stamp: number): void {
    const entry = this.entries.get(sessionId);
    if (entry && stamp === this.generation) entry.answer = answer;
  }

  forgetSession(sessionId: string): void {
    const entry = this.entries.get(sessionId);
    if (!entry) return;
    this.entries.delete(sessionId);
    const ids = this.byUser.get(entry.auth.user.id);
    ids?.delete(sessionId);
    if (ids?.size === 0) this.byUser.delete(entry.auth.user.id);
  }

  /** A notification: drops everything held for the user (a non-numeric payload drops all). */
  notified(payload: string): void {
    const userId = Number(payload);
    if (!Number.isInteger(userId)) return this.clear();
    this.forgetUser(userId);
  }

  /**
   * Drops everything held for a user, as their notification will: for the process that made the
   * change, which must not answer from what it held before the notification arrives. A read that
   * ran meanwhile is not stored.
   */
  forgetUser(userId: number): void {
    this.generation += 1;
    for (const id of this.byUser.get(userId) ?? []) this.entries.delete(id);
    this.byUser.delete(userId);
  }

  /** The listening connection failed: nothing is held any more, and nothing will be. */
  stop(): void {
    this.listening = false;
    this.clear();
  }

  private clear(): void {
    this.generation += 1;
    this.entries.clear();
    this.byUser.clear();
  }
}

const caches = new WeakMap<Db, SessionCache>();

/** The session cache of a database, when one was started for it. */
export function sessionCacheOf(db: Db): SessionCache | undefined {
  const cache = caches.get(db);
  return cache?.active ? cache : undefined;
}

/**
 * Starts holding sessions in memory for this database: listens to {@link AUTH_CHANNEL}. When the
 * listening connection fails the cache stops for good (every request reads the database again)
 * and `onLost` is told.
 */
export async function startSessionCache(handle: Pick<DatabaseHandle, 'db' | 'listen'>, onLost?: (error: Error) => void): Promise<SessionCache> {
  const cache = new SessionCache();
  await handle.listen(AUTH_CHANNEL, (payload) => cache.notified(payload), (error) => {
    cache.stop();
    onLost?.(error);
  });
  caches.set(handle.db, cache);
  return cache;
}
