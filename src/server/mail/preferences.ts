/**
 * A user's mail preferences (docs/decisions/0200-mail-preferences.md): the language of their mails,
 * how routine notices reach them, and the projects whose routine notices they muted as lead.
 */
import type { MailMuteBodyAnswer, MailPreferencesAnswer, MailPreferencesBody } from '@generated';
import type { AppContext } from '@/server/context';
import { recipientById, setMailPreferences, type UserRow } from '@/server/users/queries';
import { ApiError, msg } from '@/server/errors';
import { mailRules } from '@/schema-runtime';
import { recipientLanguage } from './mail-templates';
import { isProjectLead } from '@/server/memberships/queries';
import { projectIdByIdentifier } from '@/server/projects/queries';
import { mutedProjectIdentifiers, muteProject, unmuteProject } from './queries';

/** The caller's preferences as they stand in the database. */
export async function mailPreferencesOf(ctx: AppContext, userId: number): Promise<MailPreferencesAnswer> {
  const user = await recipientById(ctx.db, userId);
  if (!user) throw new Error(`no user ${userId}`);
  const muted = await mutedProjectIdentifiers(ctx.db, userId);
  return {
    language: recipientLanguage(user),
    languageChosen: user.mail_language !== null,
    routine: user.routine_mail === 'weekly' || user.routine_mail === 'immediate' ? user.routine_mail : mailRules(ctx.schemas).routineDefault,
    mutedProjects: muted,
  };
}

/** Stores the caller's choice (the body is valid: api/mail-preferences.json) and answers the preferences. */
export async function saveMailPreferences(ctx: AppContext, user: UserRow, body: MailPreferencesBody): Promise<MailPreferencesAnswer> {
  await setMailPreferences(ctx.db, user.id, { mail_language: body.language, routine_mail: body.routine });
  return mailPreferencesOf(ctx, user.id);
}

/**
 * Mutes (or hears again) the routine notices about a project that go to the caller, a lead of it.
 *
 * @throws ApiError 404 unknown project; 403 the caller does not lead it
 */
export async function setProjectMute(ctx: AppContext, user: UserRow, identifier: string, muted: boolean): Promise<MailMuteBodyAnswer> {
  const project = await projectIdByIdentifier(ctx.db, identifier);
  if (!project) throw new ApiError('notFound', msg('projectNotFound', { identifier }));
  if (!(await isProjectLead(ctx.db, project.id, user.id))) throw new ApiError('forbidden', msg('muteLeadOnly', { identifier }));
  if (muted) await muteProject(ctx.db, project.id, user.id);
  else await unmuteProject(ctx.db, project.id, user.id);
  return { identifier: project.identifier, muted };
}
