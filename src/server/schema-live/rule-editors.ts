/**
 * Who may edit the rules: superusers, and, when `RULES_EDITOR_GROUP` names a group, the staff in it
 * (`user_groups`, migration 0040). Other staff read the rules, their drafts and history. Superusers
 * add staff to the group and remove them (`routes/rule-editors.ts`, the page /ui/rules/editors).
 */
import type { RuleEditorList, RuleEditorPerson } from '@generated';
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

type PersonRow = Pick<UserRow, 'id' | 'username' | 'first_name' | 'last_name' | 'person_mail' | 'is_staff' | 'is_superuser'>;
const PERSON_COLUMNS = ['users.id', 'users.username', 'users.first_name', 'users.last_name', 'users.person_mail', 'users.is_staff', 'users.is_superuser'] as const;

function personOf(row: PersonRow): RuleEditorPerson {
  return { id: row.id, username: row.username, name: `${row.first_name} ${row.last_name}`.trim(), email: row.person_mail, isStaff: isAdmin(row) };
}

/** Who may edit the rules: the group's name (null when unset), the active superusers and the group's members, by name. */
export async function listRuleEditors(ctx: AppContext, caller: Pick<UserRow, 'is_superuser'>): Promise<RuleEditorList> {
  const group = ctx.config.rulesEditorGroup ?? null;
  const superusers = await ctx.db
    .selectFrom('users')
    .select(PERSON_COLUMNS)
    .where('is_superuser', '=', true)
    .where('is_active', '=', true)
    .orderBy('last_name')
    .orderBy('first_name')
    .orderBy('username')
    .execute();
  const members = group
    ? await ctx.db
        .selectFrom('user_groups')
        .innerJoin('users', 'users.id', 'user_groups.user_id')
        .select(PERSON_COLUMNS)
        .where('user_groups.name', '=', group)
        .orderBy('users.last_name')
        .orderBy('users.first_name')
        .orderBy('users.username')
        .execute()
    : [];
  return { group, mayManage: caller.is_superuser, superusers: superusers.map(personOf), members: members.map(personOf) };
}

/** The configured group, for a change of it by a superuser: 403 for anyone else, 409 when no group is configured. */
function groupToChange(ctx: AppContext, caller: Pick<UserRow, 'is_superuser'>): string {
  if (!caller.is_superuser) throw new ApiError('forbidden', msg('ruleEditorsSuperusersOnly'));
  const group = ctx.config.rulesEditorGroup;
  if (!group) throw new ApiError('conflict', msg('ruleEditorGroupUnset'));
  return group;
}

/**
 * Adds a staff member, by username, to the group; adding a member again changes nothing. An unknown
 * username or a user who is not staff is refused (400), in the caller's language.
 */
export async function addRuleEditor(ctx: AppContext, caller: Pick<UserRow, 'is_superuser'>, username: string): Promise<RuleEditorPerson> {
  const group = groupToChange(ctx, caller);
  const name = username.trim();
  const user = await ctx.db.selectFrom('users').select(PERSON_COLUMNS).where('username', '=', name).executeTakeFirst();
  if (!user) throw new ApiError('validationFailed', msg('ruleEditorUnknownUser', { username: name }));
  if (!isAdmin(user)) throw new ApiError('validationFailed', msg('ruleEditorNotStaff', { username: name }));
  await ctx.db.insertInto('user_groups').values({ user_id: user.id, name: group }).onConflict((oc) => oc.columns(['user_id', 'name']).doNothing()).execute();
  return personOf(user);
}

/** Removes a member from the group; 404 when the user is not in it. */
export async function removeRuleEditor(ctx: AppContext, caller: Pick<UserRow, 'is_superuser'>, userId: number): Promise<void> {
  const group = groupToChange(ctx, caller);
  const removed = await ctx.db.deleteFrom('user_groups').where('user_id', '=', userId).where('name', '=', group).executeTakeFirst();
  if (Number(removed.numDeletedRows) === 0) throw new ApiError('notFound', msg('ruleEditorNotMember', { id: userId }));
}
