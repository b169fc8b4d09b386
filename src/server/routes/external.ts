import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import type { ProjectsUsersQuery, UsersProjectsQuery } from '@generated';
import { json, ref, type RouteShape } from '../openapi/route-shape';
import { sendCachedList } from '../plugins/list-replies';
import { loadExternalMaps } from '../external/external-maps';
import { projectsUsersList, queryList, sshKeysList, usersProjectsList } from '../external/external-lists';

/**
 * The external API the clusters' provisioning reads, with an API key of scope `read` (a session
 * cookie never works here): GET /api/v1/usersprojects, /api/v1/sshkeys and
 * /api/v1/accounting/projectsusers.
 */
export async function externalRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db } = ctx;
  // Read once at start: a broken file stops the portal with its problems named, not the first caller.
  const maps = loadExternalMaps(ctx.schemas, ctx.config.externalApiMaps);
  const read = { access: 'api-key' as const, scope: 'read' as const };

  app.get<{ Querystring: UsersProjectsQuery }>(
    '/api/v1/usersprojects',
    {
      config: read,
      schema: {
        summary: 'Memberships on active projects, for the clusters’ provisioning.',
        querystring: ref('api/external-queries#/definitions/usersProjects'),
        response: { 200: json('The memberships.', ref('api/external-answers#/definitions/usersProjects')) },
      },
    },
    async (request, reply) =>
      sendCachedList(
        ctx,
        request,
        reply,
        usersProjectsList(db, ctx.schemas, { tags: queryList(request.query.tags), projects: queryList(request.query.projects), states: request.query.states }),
      ),
  );

  const sshKeys: RouteShape = { summary: 'Every public key with its owner’s cluster username.', response: { 200: json('The keys.', ref('api/external-answers#/definitions/sshKeys')) } };
  app.get('/api/v1/sshkeys', { config: read, schema: sshKeys }, async (request, reply) => sendCachedList(ctx, request, reply, sshKeysList(db)));

  app.get<{ Querystring: ProjectsUsersQuery }>(
    '/api/v1/accounting/projectsusers',
    {
      config: read,
      schema: {
        summary: 'Approved projects with institution, science fields, granted resource types and users.',
        querystring: ref('api/external-queries#/definitions/projectsUsers'),
        response: { 200: json('The projects.', ref('api/external-answers#/definitions/projectsUsers')) },
      },
    },
    async (request, reply) => {
      const { tags, op, tag } = request.query;
      return sendCachedList(ctx, request, reply, projectsUsersList(db, ctx.schemas, maps, { tags: queryList(tags), op, tag: tag?.trim() }));
    },
  );
}
