import type { FastifyInstance } from 'fastify';
import type { RuleEditorAddBody } from '@generated';
import type { AppContext } from '../context';
import { ApiError, msg } from '../errors';
import { currentUser } from '../plugins/auth';
import { parseDatabaseId } from '../invites/project-rules';
import { addRuleEditor, listRuleEditors, removeRuleEditor } from '../schema-live/rule-editors';
import { databaseIds, json, MESSAGE, ref, type RouteShape } from '../openapi/route-shape';
import { renderMessage } from '../i18n/messages';
import { callerLanguage } from '../i18n/language';

const base = '/api/v1/internal/rule-editors';

/**
 * Who edits the rules (docs/decisions/0640-rules-edited-in-the-browser.md): staff read the list, the
 * superusers add staff to the group RULES_EDITOR_GROUP names and remove them (`user_groups`).
 */
export async function ruleEditorRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const staff = { access: 'staff' } as const;
  const languageOf = (request: { headers: Parameters<typeof callerLanguage>[0] }) => callerLanguage(request.headers, ctx.schemas.service.serviceKey);

  const list: RouteShape = {
    summary: 'Staff: who may edit the rules — the group RULES_EDITOR_GROUP names (or null), the superusers and the group’s members.',
    response: { 200: json('The editors.', ref('api/rule-editors#/definitions/list')) },
  };
  app.get(base, { config: staff, schema: list }, async (request) => listRuleEditors(ctx, currentUser(request)));

  const add: RouteShape = {
    summary: 'Superusers: adds a staff member to the group that edits the rules; adding a member again changes nothing.',
    body: ref('api/rule-editors'),
    response: { 200: json('Added (or already a member).', MESSAGE) },
  };
  app.post<{ Body: RuleEditorAddBody }>(base, { config: staff, schema: add }, async (request) => {
    const added = await addRuleEditor(ctx, currentUser(request), request.body.username);
    return { status: { code: 200, message: renderMessage('ruleEditorAdded', languageOf(request), { username: added.username }) } };
  });

  const remove: RouteShape = {
    summary: 'Superusers: removes a member from the group that edits the rules.',
    checkedByHandler: { params: databaseIds('userId') },
    response: { 200: json('Removed.', MESSAGE) },
  };
  app.delete<{ Params: { userId: string } }>(`${base}/:userId`, { config: staff, schema: remove }, async (request) => {
    const userId = parseDatabaseId(ctx.schemas, request.params.userId);
    if (userId === undefined) throw new ApiError('validationFailed', msg('positiveIdExpected'));
    await removeRuleEditor(ctx, currentUser(request), userId);
    return { status: { code: 200, message: renderMessage('ruleEditorRemoved', languageOf(request)) } };
  });
}
