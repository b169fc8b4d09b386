/**
 * The only module that names the tables of registry/ (registry_snapshots): the questions its services, and
 * other rooms', ask of them. Joins may read other rooms' tables.
 */
import type { Selectable } from 'kysely';
import type { Db } from '@/server/db/handle';
import type { RegistrySnapshotsTable } from '@/server/db/tables';

/** A stored registry answer for one person. */
export type RegistrySnapshotRow = Selectable<RegistrySnapshotsTable>;

/** The stored registry answer for an OIB, if any (whatever its age or status). */
export async function registrySnapshotOf(db: Db, oib: string): Promise<RegistrySnapshotRow | undefined> {
  return db.selectFrom('registry_snapshots').selectAll().where('person_oib', '=', oib).executeTakeFirst();
}

/** Stores the registry answer for an OIB, replacing the one kept before. */
export async function storeRegistrySnapshot(db: Db, oib: string, snapshot: { fetched_at: Date; status_code: number; payload: string }): Promise<void> {
  await db
    .insertInto('registry_snapshots')
    .values({ person_oib: oib, ...snapshot })
    .onConflict((oc) => oc.column('person_oib').doUpdateSet(snapshot))
    .execute();
}

