import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import type { ExtensionNewBody } from '@generated';
import { ApiError, msg } from '../errors';
import { parseDatabaseId } from '../invites/project-rules';
import { currentUser } from '../plugins/auth';
import { arrayOf, databaseIds, json, ref, type RouteShape } from '../openapi/route-shape';
import { listExtensions, listProjectExtensions, requestExtension } from '../extensions/extensions';

const BASE = '/api/v1/internal/project-extend';

/** A path id as a project id; anything else names no project. */
function projectIdOf(ctx: AppContext, raw: string): number {
  const id = parseDatabaseId(ctx.schemas, raw);
  if (id === undefined) throw new ApiError('notFound', msg('projectNotFound', { identifier: raw }));
  return id;
}

/**
 * Extension requests: a lead asks to move a project's end (POST project-extend/{projectId}); the
 * lists answer the extensions of the caller's projects (staff: of all projects) and of one project.
 * Staff approve an extension by moving the project from submit-extend to extend (POST projects/…).
 */
export async function extensionRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const extensions = arrayOf('entities/extension');
  const all: RouteShape = { summary: 'Extension requests of the caller’s projects (staff: of all).', response: { 200: json('The extensions.', extensions) } };
  app.get(BASE, { schema: all }, async (request) => listExtensions(ctx, currentUser(request)));

  const ofProject: RouteShape = {
    summary: 'Extension requests of one project (its members and staff).',
    checkedByHandler: { params: databaseIds('id') },
    response: { 200: json('The extensions.', extensions) },
  };
  app.get<{ Params: { id: string } }>(`${BASE}/:id`, { schema: ofProject }, async (request) =>
    listProjectExtensions(ctx, currentUser(request), projectIdOf(ctx, request.params.id)),
  );

  app.post<{ Params: { id: string }; Body: ExtensionNewBody }>(
    `${BASE}/:id`,
    {
      schema: {
        summary: 'The project’s lead asks to extend it.',
        checkedByHandler: { params: databaseIds('id') },
        body: ref('api/extension-new'),
        response: { 201: json('The extension request.', ref('entities/extension')) },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const extension = await requestExtension(ctx, user, projectIdOf(ctx, request.params.id), request.body);
      return reply.status(201).send(extension);
    },
  );
}
