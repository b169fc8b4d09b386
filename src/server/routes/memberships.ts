import type { FastifyInstance } from 'fastify';
import type { UsersAddInternalBody, UsersSignoffBody } from '@generated';
import type { AppContext } from '../context';
import { ApiError, msg } from '../errors';
import { currentUser } from '../plugins/auth';
import { addInternalUsers, signOffCollaborators } from '../memberships/memberships';
import { parseDatabaseId } from '../invites/project-rules';
import { databaseIds, json, ref } from '../openapi/route-shape';

type ProjectParams = { Params: { projectId: string } };

function projectIdOf(ctx: AppContext, raw: string): number {
  const id = parseDatabaseId(ctx.schemas, raw);
  if (id === undefined) throw new ApiError('badRequest', msg('notProjectId', { value: raw }));
  return id;
}

/**
 * Memberships changed without an invitation: sign-off by the lead (POST users-projects/:projectId)
 * and the staff's direct add to internal and workshop projects (POST users-intprojects/:projectId).
 */
export async function membershipRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.post<ProjectParams & { Body: UsersSignoffBody }>(
    '/api/v1/internal/users-projects/:projectId',
    {
      schema: {
        summary: 'The lead signs collaborators off the project.',
        checkedByHandler: { params: databaseIds('projectId') },
        body: ref('api/users-signoff'),
        response: { 200: json('Signed off.', ref('api/membership-answer')) },
      },
    },
    async (request) => signOffCollaborators(ctx, currentUser(request), projectIdOf(ctx, request.params.projectId), request.body),
  );

  app.post<ProjectParams & { Body: UsersAddInternalBody }>(
    '/api/v1/internal/users-intprojects/:projectId',
    {
      schema: {
        summary: 'Staff add existing users to an internal or workshop project.',
        checkedByHandler: { params: databaseIds('projectId') },
        body: ref('api/users-add-internal'),
        response: { 200: json('Added.', ref('api/membership-answer')) },
      },
      config: { access: 'staff' },
    },
    async (request) => addInternalUsers(ctx, currentUser(request), projectIdOf(ctx, request.params.projectId), request.body),
  );
}
