import type { FastifyInstance } from 'fastify';
import type { InviteCancelBody, InvitesNewBody } from '../../../generated';
import type { AppContext } from '../context';
import { currentUser } from '../plugins/auth';
import { acceptInvite } from '../services/invites/accept-invite';
import { sendInvites } from '../services/invites/send-invites';
import { cancelInvite, sentInvites } from '../services/invites/sent-invites';
import { arrayOf, json, MESSAGE, path, ref, type RouteShape } from '../openapi/route-shape';

/**
 * Invitations: send (POST invites/), accept (GET invites/:key), the caller's pending ones
 * (GET invites-sent/) and cancel one (POST invites-sent/). Rules live in services/invites/.
 */
export async function inviteRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.post<{ Body: InvitesNewBody }>(
    '/api/v1/internal/invites/',
    {
      schema: {
        summary: 'The lead invites collaborators by e-mail.',
        body: ref('api/invites-new'),
        response: { 200: json('Sent and skipped.', ref('api/invites-answer')) },
      },
    },
    async (request) => sendInvites(ctx, currentUser(request), request.body),
  );

  // Accepting is a GET (the spec's call), so a link on another site must not make a signed-in user join.
  const accept: RouteShape = {
    summary: 'Accepts an invitation: the caller joins the project.',
    checkedByHandler: { params: path({ key: 'The invitation key from the mail (64 letters and digits).' }) },
    response: { 201: json('Joined.', MESSAGE) },
  };
  app.get<{ Params: { key: string } }>('/api/v1/internal/invites/:key', { config: { refuseCrossSite: true }, schema: accept }, async (request, reply) => {
    const answer = await acceptInvite(ctx, currentUser(request), request.params.key);
    return reply.status(201).send(answer);
  });

  // Pending (not accepted) invitations the caller sent.
  const sent: RouteShape = { summary: 'The caller’s pending invitations.', response: { 200: json('Oldest first.', arrayOf('entities/invite')) } };
  app.get('/api/v1/internal/invites-sent/', { schema: sent }, async (request) => sentInvites(ctx, currentUser(request)));

  app.post<{ Body: InviteCancelBody }>(
    '/api/v1/internal/invites-sent/',
    { schema: { summary: 'Cancels one of the caller’s pending invitations.', body: ref('api/invite-cancel'), response: { 200: json('Cancelled.', MESSAGE) } } },
    async (request) => {
      const user = currentUser(request);
      await cancelInvite(ctx, user, request.body);
      return { status: { code: 200, message: `${user.username} - Invitation successfully deleted` } };
    },
  );
}
