/**
 * The installed-software list the request forms pick from: listing, adding (by a staff account
 * named as the adder) and removing an entry.
 */
import type { Db } from '@/server/db/handle';
import { staffPersonByUsername } from '@/server/users/queries';
import { deleteSoftwareById, insertSoftware, softwareByName, type ScienceSoftwareRow } from './queries';
import type { MessageAnswer, SoftwareList, SoftwareNewBody } from '@generated';
import { ApiError, msg } from '../errors';

/** One entry of the list (entities/science-software.json with every field present). */
type ScienceSoftware = SoftwareList[number];
type AddedBy = NonNullable<ScienceSoftware['added_by']>;

/** A stored row as the API shows it; rows from before `added_by` was kept show an empty name. */
function toScienceSoftware(row: ScienceSoftwareRow): ScienceSoftware {
  const by = (row.added_by ?? {}) as Partial<AddedBy>;
  return {
    pk: row.id,
    name: row.name,
    created: new Date(row.created).toISOString(),
    added_by: { first_name: by.first_name ?? '', last_name: by.last_name ?? '', username: by.username ?? '' },
  };
}

/** The whole list, by name regardless of case. */
export async function listSoftware(db: Db): Promise<SoftwareList> {
  const rows = await softwareByName(db);
  return rows.map(toScienceSoftware);
}

/**
 * Adds an application (body already valid against api/software-new).
 *
 * @throws ApiError 400 when the adder is no staff account, 409 when the name is listed already
 */
export async function addSoftware(db: Db, body: SoftwareNewBody): Promise<ScienceSoftware> {
  const name = body.newAppModuleName;
  const adder = body.newAppAddedBy.value;
  // The current web client may send a display name as the value and the username beside it.
  const person = (await staffPersonByUsername(db, adder)) ?? (body.username ? await staffPersonByUsername(db, body.username) : undefined);
  if (!person) throw new ApiError('validationFailed', msg('notStaffUser', { user: adder }));
  const row = await insertSoftware(db, name, person);
  if (!row) throw new ApiError('conflict', msg('modulefileListed', { name }));
  return toScienceSoftware(row);
}

/**
 * Removes the entry with this id.
 *
 * @throws ApiError 404 when there is none
 */
export async function deleteSoftware(db: Db, id: number, pk: string): Promise<MessageAnswer> {
  const row = await deleteSoftwareById(db, id);
  if (!row) throw new ApiError('notFound', msg('softwareNotFound', { pk }));
  return { status: { code: 200, message: `${row.name} successfully deleted` } };
}
