/**
 * Who may edit the rules: superusers, and, when `RULES_EDITOR_GROUP` names a group, the staff in it
 * (`user_groups`, migration 0040). Other staff read the rules, their drafts and history.
 */
import type { AppContext } from '@/server/context';
import { isAdmin } from '@/server/context';
import type { UserRow } from '@/server/db/tables';
import { ApiError, msg } from '@/server/errors';

export async function mayEditRules(ctx: AppContext, user: Pick<UserRow, 'id' | 'is_staff' | 'is_superuser'>): Promise<boolean> {
  if (user.is_superuser) return true;
  const group = ctx.config.rulesEditorGroup;
  if (!group || !isAdmin(user)) return false;
  const member = await ctx.db.selectFrom('user_groups').select('user_id').where('user_id', '=', user.id).where('name', '=', group).executeTakeFirst();
  return member !== undefined;
}

/** The signed-in user when they may edit the rules; 403 for anyone else. */
export async function rulesEditor(ctx: AppContext, user: UserRow): Promise<UserRow> {
  if (!(await mayEditRules(ctx, user))) throw new ApiError('forbidden', msg('rulesEditorsOnly'));
  return user;
}
