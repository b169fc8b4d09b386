/**
 * The only module that names the tables of software/ (science_software): the questions its services, and
 * other rooms', ask of them. Joins may read other rooms' tables.
 */
import type { Db } from '@/server/db/handle';
import { type Insertable, sql, type Selectable } from 'kysely';
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

/** A stored entry of the installed-software list. */
export type ScienceSoftwareRow = Selectable<ScienceSoftwareTable>;

/** The whole list, by name regardless of case. */
export async function softwareByName(db: Db): Promise<ScienceSoftwareRow[]> {
  return db
    .selectFrom('science_software')
    .selectAll()
    .orderBy(sql`lower(name) COLLATE "C"`)
    .orderBy(sql`name COLLATE "C"`)
    .execute();
}

/** Adds an entry credited to `addedBy`; undefined when the name is listed already. */
export async function insertSoftware(db: Db, name: string, addedBy: { first_name: string; last_name: string; username: string }): Promise<ScienceSoftwareRow | undefined> {
  return db
    .insertInto('science_software')
    .values({ name, added_by: JSON.stringify(addedBy) })
    .onConflict((oc) => oc.column('name').doNothing())
    .returningAll()
    .executeTakeFirst();
}

/** Removes the entry with this id; answers its name, or undefined when there was none. */
export async function deleteSoftwareById(db: Db, id: number): Promise<{ name: string } | undefined> {
  return db.deleteFrom('science_software').where('id', '=', id).returning('name').executeTakeFirst();
}

