import { createHash } from 'node:crypto';
import type { CacheItem, CacheProvider } from '@node-saml/node-saml';
import type { Db } from '@/server/db/handle';
import { liveRequestSentAt, markRequestAnswered, recordSamlRequest, requestTimes } from './queries';

/** The scheduled job's purge of expired requests (jobs.ts imports it from here). */

/** How long an AuthnRequest may be answered: a user picking an identity takes minutes, not hours. */
export const REQUEST_TTL_MS = 30 * 60_000;

/**
 * The AuthnRequest ids the portal sent, in the database so every process sees them. node-saml
 * saves an id when it builds a request and reads it to check a response's InResponseTo; it also
 * "removes" it along the way, but reading and removing are two steps, so two processes could both
 * accept one response. Removal is therefore a no-op here: the ACS consumes the id with one atomic
 * UPDATE after the response validated (`consumeRequest`), and only the process that wins it signs
 * the user in.
 */
export class DatabaseRequestStore implements CacheProvider {
  constructor(
    private readonly db: Db,
    private readonly federation: string,
  ) {}

  async saveAsync(key: string, value: string): Promise<CacheItem | null> {
    const createdAt = Date.now();
    await recordSamlRequest(this.db, { id: key, federation: this.federation, created_at: new Date(createdAt), expires_at: new Date(createdAt + REQUEST_TTL_MS) });
    return { value, createdAt };
  }

  async getAsync(key: string): Promise<string | null> {
    const sentAt = await liveRequestSentAt(this.db, this.federation, key);
    return sentAt ? sentAt.toISOString() : null;
  }

  async removeAsync(key: string | null): Promise<string | null> {
    return key;
  }
}

/** Marks a request answered; true only for the one caller that consumed a live, unanswered request. */
export async function consumeRequest(db: Db, federation: string, id: string): Promise<boolean> {
  return (await markRequestAnswered(db, federation, id)) === 1;
}

/**
 * What became of a request this federation's service provider sent: still awaiting its answer,
 * spent (answered or expired), or unknown (never sent by it, or purged since).
 */
export async function requestState(db: Db, federation: string, id: string): Promise<'pending' | 'spent' | 'unknown'> {
  const row = await requestTimes(db, federation, id);
  if (!row) return 'unknown';
  return row.consumed_at === null && row.expires_at.getTime() > Date.now() ? 'pending' : 'spent';
}

/**
 * An unsolicited response has no request to consume, so its assertion's ID is recorded as a spent
 * row (hashed, under its own prefix) until the assertion can no longer be valid; true only for the
 * first caller. The row can never be pending, so no InResponseTo can name it.
 */
export async function consumeUnsolicited(db: Db, federation: string, assertionId: string, validUntil: Date): Promise<boolean> {
  const now = new Date();
  const id = `unsolicited:${createHash('sha256').update(assertionId).digest('hex')}`;
  const expires = new Date(Math.max(validUntil.getTime(), now.getTime() + REQUEST_TTL_MS));
  return recordSamlRequest(db, { id, federation, created_at: now, expires_at: expires, consumed_at: now });
}
