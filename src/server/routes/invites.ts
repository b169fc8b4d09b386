import type { FastifyInstance } from 'fastify';
import type { InviteCancelBody, InvitesNewBody } from '@generated';
import type { AppContext } from '../context';
import { currentUser } from '../plugins/auth';
import { acceptInvite } from '../invites/accept-invite';
import { describeInvite } from '../invites/describe-invite';
import { sendInvites } from '../invites/send-invites';
import { cancelInvite, sentInvites } from '../invites/sent-invites';
import { arrayOf, json, MESSAGE, path, ref, type RouteShape } from '../openapi/route-shape';
import { ApiError, msg } from '../errors';

/**
 * Invitations: send (POST invites/), describe (GET invites/:key/details) and accept (POST
 * invites/:key), the caller's pending ones
 * (GET invites-sent/) and cancel one (POST invites-sent/). Rules live in invites/.
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

  // Opening an invitation describes it; only the invitee's click accepts it, as a POST with the
  // session's CSRF token (decision 0622). The spec's GET, which joined on open, now only says so.
  const key = { params: path({ key: 'The invitation key from the mail (64 letters and digits).' }) };
  const details: RouteShape = {
    summary: 'What an invitation is for: project, inviter, invited address, and whether it is one of the caller’s.',
    checkedByHandler: key,
    response: { 200: json('The invitation.', ref('api/invite-details')) },
  };
  app.get<{ Params: { key: string } }>('/api/v1/internal/invites/:key/details', { schema: details }, async (request) =>
    describeInvite(ctx, currentUser(request), request.params.key),
  );
  const accept: RouteShape = {
    summary: 'Accepts an invitation: the caller joins the project (the invitation page’s button).',
    checkedByHandler: key,
    response: { 201: json('Joined.', MESSAGE) },
  };
  app.post<{ Params: { key: string } }>('/api/v1/internal/invites/:key', { config: { refuseCrossSite: true }, schema: accept }, async (request, reply) => {
    const answer = await acceptInvite(ctx, currentUser(request), request.params.key);
    return reply.status(201).send(answer);
  });
  const opened: RouteShape = {
    summary: 'No longer accepts: an invitation is accepted by the button of its page (POST); this answers 400 saying so.',
    checkedByHandler: key,
    response: { 400: json('Always: the invitation is accepted by its page’s button.', ref('api/error')) },
  };
  app.get<{ Params: { key: string } }>('/api/v1/internal/invites/:key', { config: { refuseCrossSite: true }, schema: opened }, async () => {
    throw new ApiError('badRequest', msg('invitationNeedsClick'));
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
