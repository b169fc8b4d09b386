/**
 * The only module that names the tables of software/ (science_software): the questions its services, and
 * other rooms', ask of them. Joins may read other rooms' tables.
 */
import type { Db } from '@/server/db/handle';

/** Every modulefile's id and name. */
export async function softwareNames(db: Db): Promise<{ id: number; name: string }[]> {
  return db.selectFrom('science_software').select(['id', 'name']).execute();
}
