import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { ApiError, msg } from '../errors';
import { usernameMaxLength } from '@/schema-runtime';
import { opsUsers, userDetail, userLiveLists } from '../users/users-lists';
import { sendCachedList } from '../plugins/list-replies';
import { json, path, ref, type RouteShape } from '../openapi/route-shape';

/**
 * The staff user views: GET /api/v1/internal/active-users/, inactive-users/, ops-users/ and
 * users/:username. Every one is staff-only (403 for anyone else, 401 without a session).
 */
export async function userRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db } = ctx;
  const staff = (schema: RouteShape) => ({ config: { access: 'staff' as const }, schema });
  const users = ref('api/users-list');
  // Read when asked: a schema set that goes live changes which states count as active.
  const active: RouteShape = { summary: 'Staff: users with a membership on an active project.', response: { 200: json('The users.', users) } };
  app.get('/api/v1/internal/active-users/', staff(active), async (request, reply) => sendCachedList(ctx, request, reply, userLiveLists(db, ctx.schemas).active));

  const inactive: RouteShape = { summary: 'Staff: users whose status is off.', response: { 200: json('The users.', users) } };
  app.get('/api/v1/internal/inactive-users/', staff(inactive), async (request, reply) => sendCachedList(ctx, request, reply, userLiveLists(db, ctx.schemas).inactive));

  const ops: RouteShape = { summary: 'Staff: the staff accounts.', response: { 200: json('The accounts.', ref('api/ops-users')) } };
  app.get('/api/v1/internal/ops-users/', staff(ops), async () => opsUsers(db));

  const one: RouteShape = {
    summary: 'Staff: one user and their memberships.',
    checkedByHandler: { params: path({ username: 'The portal username.' }) },
    response: { 200: json('The user.', ref('api/user-detail')) },
  };
  app.get<{ Params: { username: string } }>('/api/v1/internal/users/:username', staff(one), async (request) => {
    const { username } = request.params;
    // No username is that long (NUL characters are refused before any route).
    if (username.length > usernameMaxLength(ctx.schemas)) throw new ApiError('notFound', msg('userNotFound'));
    const user = await userDetail(db, ctx.schemas, username);
    if (!user) throw new ApiError('notFound', msg('userByNameNotFound', { username }));
    return user;
  });
}
