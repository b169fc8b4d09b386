import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppContext } from '../context';
import { ApiError } from '../errors';
import { activeUsersJson, inactiveUsersJson, opsUsers, userDetail } from '../services/users-lists';

/** Sends JSON text that PostgreSQL already serialised. */
function sendJsonText(reply: FastifyReply, body: string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(body);
}

/**
 * The staff user views: GET /api/v1/internal/active-users/, inactive-users/, ops-users/ and
 * users/:username. Every one is staff-only (403 for anyone else, 401 without a session).
 */
export async function userRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db, schemas } = ctx;
  const staff = { config: { access: 'staff' as const } };

  app.get('/api/v1/internal/active-users/', staff, async (_request, reply) =>
    sendJsonText(reply, await activeUsersJson(db, schemas)),
  );

  app.get('/api/v1/internal/inactive-users/', staff, async (_request, reply) =>
    sendJsonText(reply, await inactiveUsersJson(db, schemas)),
  );

  app.get('/api/v1/internal/ops-users/', staff, async () => opsUsers(db));

  app.get<{ Params: { username: string } }>('/api/v1/internal/users/:username', staff, async (request) => {
    const { username } = request.params;
    // A NUL byte cannot be sent to PostgreSQL, and no username is that long: neither names anyone.
    if (username.length > 150 || username.includes('\u0000')) throw new ApiError('notFound', 'User not found');
    const user = await userDetail(db, schemas, username);
    if (!user) throw new ApiError('notFound', `User with username ${username} not found`);
    return user;
  });
}
