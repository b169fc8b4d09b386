/**
 * The only module that names the tables of software/ (science_software): the questions its services, and
 * other rooms', ask of them. Joins may read other rooms' tables.
 */
import type { Db } from '@/server/db/handle';
import type { Insertable } from 'kysely';
import type { ScienceSoftwareTable } from '@/server/db/tables';

/** Every modulefile's id and name. */
export async function softwareNames(db: Db): Promise<{ id: number; name: string }[]> {
  return db.selectFrom('science_software').select(['id', 'name']).execute();
}

/** Which of these names are in the installed-software list. */
export async function installedSoftwareAmong(db: Db, names: readonly string[]): Promise<string[]> {
  if (names.length === 0) return [];
  return (await db.selectFrom('science_software').select('name').where('name', 'in', [...names]).execute()).map((r) => r.name);
}

/** Adds entries to the installed-software list. */
export async function addSoftware(db: Db, entries: readonly Insertable<ScienceSoftwareTable>[]): Promise<void> {
  if (entries.length === 0) return;
  await db.insertInto('science_software').values([...entries]).execute();
}

