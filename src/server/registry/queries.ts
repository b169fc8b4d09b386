/**
 * The only module that names the tables of registry/ (registry_snapshots): the questions its services, and
 * other rooms', ask of them. Joins may read other rooms' tables.
 */
import type { Db } from '@/server/db/handle';

/** The registry's stored answer for this national id, if any (when it was fetched and what it said). */
export async function registrySnapshotOf(db: Db, oib: string) {
  return db.selectFrom('registry_snapshots').select(['fetched_at', 'payload']).where('person_oib', '=', oib).executeTakeFirst();
}
