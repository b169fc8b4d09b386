/**
 * The only module that names the tables of saml/ (saml_requests): the questions its services, and
 * other rooms', ask of them. Joins may read other rooms' tables.
 */
import type { Db } from '@/server/db/handle';

/** A request id row to record: the AuthnRequest sent, or a spent unsolicited assertion (`consumed_at` set). */
export interface NewSamlRequest {
  id: string;
  federation: string;
  created_at: Date;
  expires_at: Date;
  consumed_at?: Date;
}

/** Records a request id; one already there is left as it is. True when this call added the row. */
export async function recordSamlRequest(db: Db, request: NewSamlRequest): Promise<boolean> {
  const inserted = await db
    .insertInto('saml_requests')
    .values(request)
    .onConflict((oc) => oc.column('id').doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** When a live (unanswered, unexpired) request of this federation was sent; undefined if there is none. */
export async function liveRequestSentAt(db: Db, federation: string, id: string): Promise<Date | undefined> {
  const row = await db
    .selectFrom('saml_requests')
    .select('created_at')
    .where('id', '=', id)
    .where('federation', '=', federation)
    .where('consumed_at', 'is', null)
    .where('expires_at', '>', new Date())
    .executeTakeFirst();
  return row?.created_at;
}

/** Marks a live request of this federation answered, in one atomic UPDATE; how many rows it marked (0 or 1). */
export async function markRequestAnswered(db: Db, federation: string, id: string): Promise<number> {
  const result = await db
    .updateTable('saml_requests')
    .set({ consumed_at: new Date() })
    .where('id', '=', id)
    .where('federation', '=', federation)
    .where('consumed_at', 'is', null)
    .where('expires_at', '>', new Date())
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** When a request of this federation was answered (null: not yet) and when it expires; undefined if unknown. */
export async function requestTimes(db: Db, federation: string, id: string): Promise<{ consumed_at: Date | null; expires_at: Date } | undefined> {
  return db
    .selectFrom('saml_requests')
    .select(['consumed_at', 'expires_at'])
    .where('id', '=', id)
    .where('federation', '=', federation)
    .executeTakeFirst();
}

/** Drops requests past their expiry (a scheduled job); how many it dropped. */
export async function purgeExpiredRequests(db: Db): Promise<number> {
  const result = await db.deleteFrom('saml_requests').where('expires_at', '<=', new Date()).executeTakeFirst();
  return Number(result.numDeletedRows);
}
