import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import type { OutboxDelivery, OutboxList, OutboxMail } from '@generated';
import { ApiError, msg } from '../errors';
import { parseDatabaseId } from '../invites/project-rules';
import { listOutbox, outboxMail } from '../mail/outbox-view';
import { json, path, ref, type RouteShape } from '../openapi/route-shape';

/**
 * The outbox for staff: GET /api/v1/internal/outbox/ (the newest mails, and whether the portal
 * sends them or keeps them for want of SMTP) and …/:id (one mail with its body). Without SMTP
 * this is where an invitation's link is found.
 */
export async function outboxRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db } = ctx;
  const config = { access: 'staff' as const };
  const base = '/api/v1/internal/outbox/';
  const delivery: OutboxDelivery = ctx.config.smtpUrl ? 'smtp' : 'kept';

  const listShape: RouteShape = {
    summary: 'Staff: the newest mails of the outbox (sent or waiting), and whether the portal sends them (SMTP) or keeps them.',
    response: { 200: json('Newest first, without bodies.', ref('api/outbox-list')) },
  };
  app.get(base, { config, schema: listShape }, async (): Promise<OutboxList> => ({ delivery, mails: await listOutbox(db) }));

  const mailShape: RouteShape = {
    summary: 'Staff: one mail of the outbox with its sender and plain-text body.',
    checkedByHandler: { params: path({ id: 'The mail’s number (a database id).' }) },
    response: { 200: json('The mail.', ref('api/outbox-mail')) },
  };
  app.get<{ Params: { id: string } }>(`${base}:id`, { config, schema: mailShape }, async (request): Promise<OutboxMail> => {
    const { id: raw } = request.params;
    const id = parseDatabaseId(ctx.schemas, raw);
    if (id === undefined) throw new ApiError('validationFailed', msg('mailIdExpected'));
    const mail = await outboxMail(db, id);
    if (!mail) throw new ApiError('notFound', msg('mailNotFound', { id }));
    return { ...mail, delivery };
  });
}
