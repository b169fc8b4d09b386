import type { FastifyInstance } from 'fastify';
import type { Invite, InviteCancelBody, InvitesNewBody } from '../../../generated';
import type { AppContext } from '../context';
import { ApiError, msg } from '../errors';
import { currentUser } from '../plugins/auth';
import { acceptInvite } from '../services/invites/accept-invite';
import { inviteExpiredSql } from '../services/invites/cleanup';
import { sendInvites } from '../services/invites/send-invites';
import { schemaIdOf } from '../../schema-runtime';

/**
 * Invitations: send (POST invites/), accept (GET invites/:key), the caller's pending ones
 * (GET invites-sent/) and cancel one (POST invites-sent/). Rules live in services/invites/.
 */
export async function inviteRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db } = ctx;

  app.post<{ Body: InvitesNewBody }>(
    '/api/v1/internal/invites/',
    { schema: { body: { $ref: schemaIdOf('api/invites-new') } } },
    async (request) => sendInvites(ctx, currentUser(request), request.body),
  );

  // Accepting is a GET (the spec's call), so a link on another site must not make a signed-in user join.
  app.get<{ Params: { key: string } }>('/api/v1/internal/invites/:key', { config: { refuseCrossSite: true } }, async (request, reply) => {
    const answer = await acceptInvite(ctx, currentUser(request), request.params.key);
    return reply.status(201).send(answer);
  });

  // Pending (not accepted) invitations the caller sent; the key stays secret to the invitee.
  app.get('/api/v1/internal/invites-sent/', async (request): Promise<Invite[]> => {
    const user = currentUser(request);
    const rows = await db
      .selectFrom('invites')
      .innerJoin('projects as p', 'p.id', 'invites.project_id')
      .select(['invites.email', 'invites.accepted', 'invites.invtype', 'invites.created', 'invites.sent'])
      .select(['p.id as project_id', 'p.identifier', 'p.name'])
      .select(inviteExpiredSql(ctx.schemas).as('expired'))
      .where('invites.inviter_id', '=', user.id)
      .where('invites.accepted', '=', false)
      .orderBy('invites.created')
      .orderBy('invites.id')
      .execute();
    return rows.map((r) => ({
      email: r.email,
      project: { id: r.project_id, identifier: r.identifier, name: r.name },
      inviter: { id: user.id, first_name: user.first_name, last_name: user.last_name },
      accepted: r.accepted,
      invtype: r.invtype === 'foreign' ? 'foreign' : 'local',
      created: new Date(r.created).toISOString(),
      sent: r.sent === null ? null : new Date(r.sent).toISOString(),
      status: r.expired ? 'expired' : 'valid',
    }));
  });

  app.post<{ Body: InviteCancelBody }>(
    '/api/v1/internal/invites-sent/',
    { schema: { body: { $ref: schemaIdOf('api/invite-cancel') } } },
    async (request) => {
      const user = currentUser(request);
      const { email, projectid, inviterid } = request.body;
      if (inviterid !== user.id) throw new ApiError('forbidden', msg('inviterOnlyCancels', { user: user.username }));
      // The key is remembered, so that its link says the invitation was cancelled.
      const deleted = await db.transaction().execute(async (trx) => {
        const rows = await trx
          .deleteFrom('invites')
          .where('email', '=', email.trim().toLowerCase())
          .where('project_id', '=', projectid)
          .where('inviter_id', '=', user.id)
          .where('accepted', '=', false)
          .returning('key')
          .execute();
        if (rows.length)
          await trx.insertInto('cancelled_invites').values(rows.map((r) => ({ key: r.key }))).onConflict((oc) => oc.column('key').doNothing()).execute();
        return rows.length;
      });
      if (deleted === 0) throw new ApiError('notFound', msg('invitationNotFound', { user: user.username }));
      return { status: { code: 200, message: `${user.username} - Invitation successfully deleted` } };
    },
  );
}
