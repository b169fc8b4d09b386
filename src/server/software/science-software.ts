/**
 * The installed-software list the request forms pick from: listing, adding (by a staff account
 * named as the adder) and removing an entry.
 */
import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database, ScienceSoftwareTable } from '../db/tables';
import type { MessageAnswer, SoftwareList, SoftwareNewBody } from '@generated';
import { ApiError, msg } from '../errors';

/** One entry of the list (entities/science-software.json with every field present). */
type ScienceSoftware = SoftwareList[number];
type AddedBy = NonNullable<ScienceSoftware['added_by']>;

/** A stored row as the API shows it; rows from before `added_by` was kept show an empty name. */
function toScienceSoftware(row: Selectable<ScienceSoftwareTable>): ScienceSoftware {
  const by = (row.added_by ?? {}) as Partial<AddedBy>;
  return {
    pk: row.id,
    name: row.name,
    created: new Date(row.created).toISOString(),
    added_by: { first_name: by.first_name ?? '', last_name: by.last_name ?? '', username: by.username ?? '' },
  };
}

/** The staff account (staff or superuser, not disabled) with this username, as `added_by` names it. */
async function staffPerson(db: Kysely<Database>, username: string): Promise<AddedBy | undefined> {
  return db
    .selectFrom('users')
    .select(['first_name', 'last_name', 'username'])
    .where('username', '=', username)
    .where('is_active', '=', true)
    .where((eb) => eb.or([eb('is_staff', '=', true), eb('is_superuser', '=', true)]))
    .executeTakeFirst();
}

/** The whole list, by name regardless of case. */
export async function listSoftware(db: Kysely<Database>): Promise<SoftwareList> {
  const rows = await db
    .selectFrom('science_software')
    .selectAll()
    .orderBy(sql`lower(name) COLLATE "C"`)
    .orderBy(sql`name COLLATE "C"`)
    .execute();
  return rows.map(toScienceSoftware);
}

/**
 * Adds an application (body already valid against api/software-new).
 *
 * @throws ApiError 400 when the adder is no staff account, 409 when the name is listed already
 */
export async function addSoftware(db: Kysely<Database>, body: SoftwareNewBody): Promise<ScienceSoftware> {
  const name = body.newAppModuleName;
  const adder = body.newAppAddedBy.value;
  // The current web client may send a display name as the value and the username beside it.
  const person = (await staffPerson(db, adder)) ?? (body.username ? await staffPerson(db, body.username) : undefined);
  if (!person) throw new ApiError('validationFailed', msg('notStaffUser', { user: adder }));
  const row = await db
    .insertInto('science_software')
    .values({ name, added_by: JSON.stringify(person) })
    .onConflict((oc) => oc.column('name').doNothing())
    .returningAll()
    .executeTakeFirst();
  if (!row) throw new ApiError('conflict', msg('modulefileListed', { name }));
  return toScienceSoftware(row);
}

/**
 * Removes the entry with this id.
 *
 * @throws ApiError 404 when there is none
 */
export async function deleteSoftware(db: Kysely<Database>, id: number, pk: string): Promise<MessageAnswer> {
  const row = await db.deleteFrom('science_software').where('id', '=', id).returning('name').executeTakeFirst();
  if (!row) throw new ApiError('notFound', msg('softwareNotFound', { pk }));
  return { status: { code: 200, message: `${row.name} successfully deleted` } };
}
