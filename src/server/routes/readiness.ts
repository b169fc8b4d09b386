import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { ApiError, msg } from '../errors';
import { currentUser } from '../plugins/auth';
import { parseDatabaseId } from '../services/invites/project-rules';
import { resendInvite } from '../services/invites/resend-invite';
import {
  leadReadinessSummary,
  membersWithoutKeys,
  projectReadiness,
  STAFF_READINESS_FILTERS,
  type StaffReadinessFilter,
} from '../services/readiness/member-readiness';

/**
 * Member readiness (docs/decisions/0180-member-readiness.md): one project's people for its lead and
 * staff, the lead's per-project summary for my-requests, staff's "members without a key on active
 * projects", and re-sending a pending invitation.
 */
export async function readinessRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get<{ Params: { identifier: string } }>('/api/v1/internal/projects/:identifier/readiness', async (request) =>
    projectReadiness(ctx, currentUser(request), request.params.identifier),
  );

  app.get('/api/v1/internal/projects-readiness/', async (request) => leadReadinessSummary(ctx, currentUser(request)));

  app.get<{ Querystring: { filter?: string } }>('/api/v1/internal/users-readiness/', { config: { access: 'staff' } }, async (request) => {
    const filter = request.query.filter ?? 'no-key-active';
    if (!STAFF_READINESS_FILTERS.includes(filter as StaffReadinessFilter))
      throw new ApiError('badRequest', msg('readinessFilterUnknown', { filter, known: STAFF_READINESS_FILTERS.join(', ') }));
    return membersWithoutKeys(ctx);
  });

  app.post<{ Params: { id: string } }>('/api/v1/internal/invites-sent/:id/resend', async (request) => {
    const id = parseDatabaseId(ctx.schemas, request.params.id);
    if (id === undefined) throw new ApiError('badRequest', msg('notInviteId', { value: request.params.id }));
    return resendInvite(ctx, currentUser(request), id);
  });
}
