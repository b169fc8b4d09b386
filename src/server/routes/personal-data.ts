import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { ApiError, msg } from '../errors';
import { currentUser } from '../plugins/auth';
import { usernameMaxLength } from '@/schema-runtime';
import { personalDataOf } from '../personal-data/export';
import { retentionDue } from '../personal-data/retention';
import { userIdByUsername } from '../users/queries';
import { json, path, ref, type RouteShape } from '../openapi/route-shape';

/**
 * What the portal holds about a person and how long: the caller's own data (GET my-data/), the same
 * for one user on staff's request (GET users/:username/data, for a data subject's request that
 * arrives by post), and how many rows each retention rule would remove now (GET retention/, staff).
 */
export async function personalDataRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db } = ctx;
  const data = ref('api/personal-data');

  const mine: RouteShape = { summary: 'Everything the portal holds about the caller, as one document (GDPR Art. 15 and 20).', response: { 200: json('The caller’s data.', data) } };
  app.get('/api/v1/internal/my-data/', { schema: mine }, async (request) => (await personalDataOf(db, currentUser(request).id))!);

  const theirs: RouteShape = {
    summary: 'Staff: everything the portal holds about one user, as one document.',
    checkedByHandler: { params: path({ username: 'The portal username.' }) },
    response: { 200: json('The user’s data.', data) },
  };
  app.get<{ Params: { username: string } }>('/api/v1/internal/users/:username/data', { config: { access: 'staff' }, schema: theirs }, async (request) => {
    const { username } = request.params;
    if (username.length > usernameMaxLength(ctx.schemas)) throw new ApiError('notFound', msg('userNotFound'));
    const userId = await userIdByUsername(db, username);
    const found = userId !== undefined && (await personalDataOf(db, userId));
    if (!found) throw new ApiError('notFound', msg('userByNameNotFound', { username }));
    return found;
  });

  const due: RouteShape = {
    summary: 'Staff: how many rows each retention rule (rules/retention.json) would remove if the retention job ran now.',
    response: { 200: json('Whether the job applies the rules, and per rule its period and the rows due.', ref('api/retention-due')) },
  };
  app.get('/api/v1/internal/retention/', { config: { access: 'staff' }, schema: due }, async () => ({ applying: ctx.config.retentionApply, rules: await retentionDue(db, ctx.schemas) }));
}
