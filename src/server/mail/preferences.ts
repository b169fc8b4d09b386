/**
 * A user's mail preferences (docs/decisions/0200-mail-preferences.md): the language of their mails,
 * how routine notices reach them, and the projects whose routine notices they muted as lead.
 */
import type { MailMuteBodyAnswer, MailPreferencesAnswer, MailPreferencesBody } from '@generated';
import type { AppContext } from '@/server/context';
import type { UserRow } from '@/server/db/tables';
import { ApiError, msg } from '@/server/errors';
import { mailRules } from '@/schema-runtime';
import { recipientLanguage } from './mail-templates';
import { isProjectLead } from '@/server/memberships/queries';
import { RECIPIENT_COLUMNS } from './notices';

/** The caller's preferences as they stand in the database. */
export async function mailPreferencesOf(ctx: AppContext, userId: number): Promise<MailPreferencesAnswer> {
  const user = await ctx.db.selectFrom('users').select(RECIPIENT_COLUMNS).where('id', '=', userId).executeTakeFirstOrThrow();
  const muted = await ctx.db
    .selectFrom('project_mail_mutes as m')
    .innerJoin('projects as p', 'p.id', 'm.project_id')
    .select('p.identifier')
    .where('m.user_id', '=', userId)
    .orderBy('p.identifier')
    .execute();
  return {
    language: recipientLanguage(user),
    languageChosen: user.mail_language !== null,
    routine: user.routine_mail === 'weekly' || user.routine_mail === 'immediate' ? user.routine_mail : mailRules(ctx.schemas).routineDefault,
    mutedProjects: muted.map((m) => m.identifier),
  };
}

/** Stores the caller's choice (the body is valid: api/mail-preferences.json) and answers the preferences. */
export async function saveMailPreferences(ctx: AppContext, user: UserRow, body: MailPreferencesBody): Promise<MailPreferencesAnswer> {
  await ctx.db.updateTable('users').set({ mail_language: body.language, routine_mail: body.routine }).where('id', '=', user.id).execute();
  return mailPreferencesOf(ctx, user.id);
}

/**
 * Mutes (or hears again) the routine notices about a project that go to the caller, a lead of it.
 *
 * @throws ApiError 404 unknown project; 403 the caller does not lead it
 */
export async function setProjectMute(ctx: AppContext, user: UserRow, identifier: string, muted: boolean): Promise<MailMuteBodyAnswer> {
  const project = await ctx.db.selectFrom('projects').select(['id', 'identifier']).where('identifier', '=', identifier).executeTakeFirst();
  if (!project) throw new ApiError('notFound', msg('projectNotFound', { identifier }));
  if (!(await isProjectLead(ctx.db, project.id, user.id))) throw new ApiError('forbidden', msg('muteLeadOnly', { identifier }));
  if (muted)
    await ctx.db.insertInto('project_mail_mutes').values({ project_id: project.id, user_id: user.id }).onConflict((oc) => oc.doNothing()).execute();
  else await ctx.db.deleteFrom('project_mail_mutes').where('project_id', '=', project.id).where('user_id', '=', user.id).execute();
  return { identifier: project.identifier, muted };
}
