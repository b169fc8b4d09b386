import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { ApiError, msg } from '../errors';
import { currentUser } from '../plugins/auth';
import { parseDatabaseId } from '../invites/project-rules';
import { resendInvite } from '../invites/resend-invite';
import { json, path, query, ref, type RouteShape } from '../openapi/route-shape';
import {
  leadReadinessSummary,
  membersWithoutKeys,
  projectReadiness,
  STAFF_READINESS_FILTERS,
  type StaffReadinessFilter,
} from '../readiness/member-readiness';

/**
 * Member readiness (docs/decisions/0180-member-readiness.md): one project's people for its lead and
 * staff, the lead's per-project summary for my-requests, staff's "members without a key on active
 * projects", and re-sending a pending invitation.
 */
export async function readinessRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const readiness = ref('api/member-readiness');
  const project: RouteShape = {
    summary: 'Where every member and pending invitation of a project stands on the way to computing, with the single next step (its lead and staff).',
    checkedByHandler: { params: path({ identifier: 'The project identifier (URL-encoded).' }) },
    response: { 200: json('Members first (lead first), then pending invitations, oldest first.', readiness) },
  };
  app.get<{ Params: { identifier: string } }>('/api/v1/internal/projects/:identifier/readiness', { schema: project }, async (request) =>
    projectReadiness(ctx, currentUser(request), request.params.identifier),
  );

  const summary: RouteShape = {
    summary: 'For each active project the caller leads: how many of its people are stuck and how many members cannot compute yet.',
    response: { 200: json('One entry per project.', ref('api/member-readiness#/definitions/summary')) },
  };
  app.get('/api/v1/internal/projects-readiness/', { schema: summary }, async (request) => leadReadinessSummary(ctx, currentUser(request)));

  const users: RouteShape = {
    summary: 'Staff: the users a readiness filter finds; no-key-active: members of active projects without an SSH key.',
    checkedByHandler: { querystring: query({ filter: "'no-key-active' (the default)." }) },
    response: { 200: json('The users, by username, with the active projects they are on.', ref('api/member-readiness#/definitions/staffFilter')) },
  };
  app.get<{ Querystring: { filter?: string } }>('/api/v1/internal/users-readiness/', { config: { access: 'staff' }, schema: users }, async (request) => {
    const filter = request.query.filter ?? 'no-key-active';
    if (!STAFF_READINESS_FILTERS.includes(filter as StaffReadinessFilter))
      throw new ApiError('badRequest', msg('readinessFilterUnknown', { filter, known: STAFF_READINESS_FILTERS.join(', ') }));
    return membersWithoutKeys(ctx);
  });

  const resend: RouteShape = {
    summary: 'Mails a pending invitation once more (the project’s lead or staff); an expired one gets a fresh code. Counts against the hourly invitation cap.',
    checkedByHandler: { params: path({ id: 'The invitation’s id (inviteId of the readiness answer).' }) },
    response: { 200: json('Sent again.', ref('api/member-readiness#/definitions/resendAnswer')) },
  };
  app.post<{ Params: { id: string } }>('/api/v1/internal/invites-sent/:id/resend', { schema: resend }, async (request) => {
    const id = parseDatabaseId(ctx.schemas, request.params.id);
    if (id === undefined) throw new ApiError('badRequest', msg('notInviteId', { value: request.params.id }));
    return resendInvite(ctx, currentUser(request), id);
  });
}
