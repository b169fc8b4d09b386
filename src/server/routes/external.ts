import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import type { ProjectsUsersQuery, UsersProjectsQuery } from '../../../generated';
import { schemaIdOf } from '../../schema-runtime';
import { sendCachedList } from '../services/list-cache';
import { loadExternalMaps } from '../services/external/external-maps';
import { projectsUsersList, queryList, sshKeysList, usersProjectsList } from '../services/external/external-lists';

const QUERIES = schemaIdOf('api/external-queries');

/**
 * The external API the clusters' provisioning reads, with an API key of scope `read` (a session
 * cookie never works here): GET /api/v1/usersprojects, /api/v1/sshkeys and
 * /api/v1/accounting/projectsusers.
 */
export async function externalRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db, schemas } = ctx;
  // Read once at start: a broken file stops the portal with its problems named, not the first caller.
  const maps = loadExternalMaps(schemas, ctx.config.externalApiMaps);
  const read = { access: 'api-key' as const, scope: 'read' as const };

  app.get<{ Querystring: UsersProjectsQuery }>(
    '/api/v1/usersprojects',
    { config: read, schema: { querystring: { $ref: `${QUERIES}#/definitions/usersProjects` } } },
    async (request, reply) =>
      sendCachedList(ctx, request, reply, usersProjectsList(db, { tags: queryList(request.query.tags), projects: queryList(request.query.projects) })),
  );

  app.get('/api/v1/sshkeys', { config: read }, async (request, reply) => sendCachedList(ctx, request, reply, sshKeysList(db)));

  app.get<{ Querystring: ProjectsUsersQuery }>(
    '/api/v1/accounting/projectsusers',
    { config: read, schema: { querystring: { $ref: `${QUERIES}#/definitions/projectsUsers` } } },
    async (request, reply) => {
      const { tags, op, tag } = request.query;
      return sendCachedList(ctx, request, reply, projectsUsersList(db, schemas, maps, { tags: queryList(tags), op, tag: tag?.trim() }));
    },
  );
}
