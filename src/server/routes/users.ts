import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { ApiError, msg } from '../errors';
import { usernameMaxLength } from '../../schema-runtime';
import { activeUsersJson, inactiveUsersJson, opsUsers, userDetail } from '../services/users-lists';
import { sendCachedList, type ListSpec } from '../services/list-cache';

/** What both user lists read. */
const USER_LIST_TABLES = ['users', 'memberships', 'projects', 'states', 'roles', 'project_types', 'ssh_keys'];

/**
 * The staff user views: GET /api/v1/internal/active-users/, inactive-users/, ops-users/ and
 * users/:username. Every one is staff-only (403 for anyone else, 401 without a session).
 */
export async function userRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db, schemas } = ctx;
  const staff = { config: { access: 'staff' as const } };
  // After a change the previous answer is served while the new one is built (not to the changer).
  const activeUsers: ListSpec = { name: 'active-users', dependsOn: USER_LIST_TABLES, build: () => activeUsersJson(db, schemas), staleWhileRevalidate: true };
  const inactiveUsers: ListSpec = { name: 'inactive-users', dependsOn: USER_LIST_TABLES, build: () => inactiveUsersJson(db, schemas), staleWhileRevalidate: true };

  app.get('/api/v1/internal/active-users/', staff, async (request, reply) => sendCachedList(ctx, request, reply, activeUsers));

  app.get('/api/v1/internal/inactive-users/', staff, async (request, reply) => sendCachedList(ctx, request, reply, inactiveUsers));

  app.get('/api/v1/internal/ops-users/', staff, async () => opsUsers(db));

  app.get<{ Params: { username: string } }>('/api/v1/internal/users/:username', staff, async (request) => {
    const { username } = request.params;
    // No username is that long (NUL characters are refused before any route).
    if (username.length > usernameMaxLength(schemas)) throw new ApiError('notFound', msg('userNotFound'));
    const user = await userDetail(db, schemas, username);
    if (!user) throw new ApiError('notFound', msg('userByNameNotFound', { username }));
    return user;
  });
}
