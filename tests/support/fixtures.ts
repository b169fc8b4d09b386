import type { AppContext } from '../../src/server/context';
import { lookupIds } from '../../src/server/db/vocabularies';
import { hashPassword } from '../../src/server/users/passwords';

/** Adds a local user whose password equals the username. */
export async function addUser(ctx: AppContext, username: string, extra: Record<string, unknown> = {}): Promise<number> {
  const row = await ctx.db
    .insertInto('users')
    .values({ username, password_hash: await hashPassword(username), first_name: 'Ana', last_name: 'Horvat', ...extra })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Adds a project in a state with the given members (`[userId, role]`). */
export async function addProject(
  ctx: AppContext,
  identifier: string,
  state: string,
  members: [number, 'lead' | 'collaborator'][],
  type = 'practical',
): Promise<number> {
  const states = await lookupIds(ctx.db, 'states');
  const types = await lookupIds(ctx.db, 'project_types');
  const roles = await lookupIds(ctx.db, 'roles');
  const project = await ctx.db
    .insertInto('projects')
    .values({
      identifier,
      name: `Projekt ${identifier}`,
      reason: 'Test',
      state_id: states.get(state)!,
      project_type_id: types.get(type)!,
      date_start: '2026-01-01',
      date_end: '2026-12-31',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const [userId, role] of members)
    await ctx.db.insertInto('memberships').values({ user_id: userId, project_id: project.id, role_id: roles.get(role)! }).execute();
  return project.id;
}
