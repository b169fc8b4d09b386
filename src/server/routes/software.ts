import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import type { SoftwareNewBody } from '@generated';
import { ApiError, msg } from '../errors';
import { databaseIds, json, MESSAGE, ref, type RouteShape } from '../openapi/route-shape';
import { parseDatabaseId } from '../invites/project-rules';
import { addSoftware, deleteSoftware, listSoftware } from '../software/science-software';

/**
 * The installed-software list: GET /api/v1/internal/science-software/ for every signed-in user
 * (the request forms pick from it), POST and DELETE …/:pk for staff.
 */
export async function softwareRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db } = ctx;
  const base = '/api/v1/internal/science-software/';

  app.get(base, { schema: { summary: 'The installed modulefiles.', response: { 200: json('By name.', ref('api/software-list')) } } }, async () => listSoftware(db));

  app.post<{ Body: SoftwareNewBody }>(
    base,
    {
      config: { access: 'staff' },
      schema: { summary: 'Staff: adds a modulefile.', body: ref('api/software-new'), response: { 201: json('The entry.', ref('entities/science-software')) } },
    },
    async (request, reply) => reply.status(201).send(await addSoftware(db, request.body)),
  );

  const remove: RouteShape = { summary: 'Staff: removes a modulefile.', checkedByHandler: { params: databaseIds('pk') }, response: { 200: json('Removed.', MESSAGE) } };
  app.delete<{ Params: { pk: string } }>(`${base}:pk`, { config: { access: 'staff' }, schema: remove }, async (request) => {
    const { pk } = request.params;
    const id = parseDatabaseId(ctx.schemas, pk);
    if (id === undefined) throw new ApiError('validationFailed', msg('positiveIdExpected'));
    return deleteSoftware(db, id, pk);
  });
}
