import type { FastifyInstance } from 'fastify';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { AppContext } from '../context';
import type { Database, ScienceSoftwareTable } from '../db/tables';
import type { MessageAnswer, SoftwareList, SoftwareNewBody } from '../../../generated';
import { ApiError, msg } from '../errors';
import { schemaIdOf } from '../../schema-runtime';
import { parseDatabaseId } from '../services/invites/project-rules';

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

/**
 * The installed-software list: GET /api/v1/internal/science-software/ for every signed-in user
 * (the request forms pick from it), POST and DELETE …/:pk for staff.
 */
export async function softwareRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db } = ctx;
  const base = '/api/v1/internal/science-software/';

  app.get(base, async () => {
    const rows = await db
      .selectFrom('science_software')
      .selectAll()
      .orderBy(sql`lower(name) COLLATE "C"`)
      .orderBy(sql`name COLLATE "C"`)
      .execute();
    return rows.map(toScienceSoftware);
  });

  app.post<{ Body: SoftwareNewBody }>(
    base,
    { config: { access: 'staff' }, schema: { body: { $ref: schemaIdOf('api/software-new') } } },
    async (request, reply) => {
      const name = request.body.newAppModuleName;
      const adder = request.body.newAppAddedBy.value;
      // The current web client may send a display name as the value and the username beside it.
      const person = (await staffPerson(db, adder)) ?? (request.body.username ? await staffPerson(db, request.body.username) : undefined);
      if (!person) throw new ApiError('validationFailed', msg('notStaffUser', { user: adder }));
      const row = await db
        .insertInto('science_software')
        .values({ name, added_by: JSON.stringify(person) })
        .onConflict((oc) => oc.column('name').doNothing())
        .returningAll()
        .executeTakeFirst();
      if (!row) throw new ApiError('conflict', msg('modulefileListed', { name }));
      return reply.status(201).send(toScienceSoftware(row));
    },
  );

  app.delete<{ Params: { pk: string } }>(`${base}:pk`, { config: { access: 'staff' } }, async (request) => {
    const { pk } = request.params;
    const id = parseDatabaseId(ctx.schemas, pk);
    if (id === undefined) throw new ApiError('validationFailed', msg('positiveIdExpected'));
    const row = await db.deleteFrom('science_software').where('id', '=', id).returning('name').executeTakeFirst();
    if (!row) throw new ApiError('notFound', msg('softwareNotFound', { pk }));
    const answer: MessageAnswer = { status: { code: 200, message: `${row.name} successfully deleted` } };
    return answer;
  });
}
