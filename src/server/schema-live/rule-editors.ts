/**
 * Who may edit the rules: superusers, and, when `RULES_EDITOR_GROUP` names a group, the staff in it
 * (`user_groups`, migration 0040). Other staff read the rules, their drafts and history. Superusers
 * add staff to the group and remove them (`routes/rule-editors.ts`, the page /ui/rules/editors).
 */
import type { RuleEditorList, RuleEditorPerson } from '@generated';
import type { AppContext } from '@/server/context';
import { isAdmin } from '@/server/context';
import {
  activeSuperusersByName,
  addToUserGroup,
  inUserGroup,
  removeFromUserGroup,
  userByUsername,
  userGroupMembersByName,
  type GroupPerson,
  type UserRow,
} from '@/server/users/queries';
import { ApiError, msg } from '@/server/errors';

export async function mayEditRules(ctx: AppContext, user: Pick<UserRow, 'id' | 'is_staff' | 'is_superuser'>): Promise<boolean> {
  if (user.is_superuser) return true;
  const group = ctx.config.rulesEditorGroup;
  if (!group || !isAdmin(user)) return false;
  return inUserGroup(ctx.db, user.id, group);
}

/** The signed-in user when they may edit the rules; 403 for anyone else. */
export async function rulesEditor(ctx: AppContext, user: UserRow): Promise<UserRow> {
  if (!(await mayEditRules(ctx, user))) throw new ApiError('forbidden', msg('rulesEditorsOnly'));
  return user;
}

function personOf(row: GroupPerson): RuleEditorPerson {
  return { id: row.id, username: row.username, name: `${row.first_name} ${row.last_name}`.trim(), email: row.person_mail, isStaff: isAdmin(row) };
}

/** Who may edit the rules: the group's name (null when unset), the active superusers and the group's members, by name. */
export async function listRuleEditors(ctx: AppContext, caller: Pick<UserRow, 'is_superuser'>): Promise<RuleEditorList> {
  const group = ctx.config.rulesEditorGroup ?? null;
  const superusers = await activeSuperusersByName(ctx.db);
  const members = group ? await userGroupMembersByName(ctx.db, group) : [];
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
  const user = await userByUsername(ctx.db, name);
  if (!user) throw new ApiError('validationFailed', msg('ruleEditorUnknownUser', { username: name }));
  if (!isAdmin(user)) throw new ApiError('validationFailed', msg('ruleEditorNotStaff', { username: name }));
  await addToUserGroup(ctx.db, user.id, group);
  return personOf(user);
}

/** Removes a member from the group; 404 when the user is not in it. */
export async function removeRuleEditor(ctx: AppContext, caller: Pick<UserRow, 'is_superuser'>, userId: number): Promise<void> {
  const group = groupToChange(ctx, caller);
  const removed = await removeFromUserGroup(ctx.db, userId, group);
  if (removed === 0) throw new ApiError('notFound', msg('ruleEditorNotMember', { id: userId }));
}
