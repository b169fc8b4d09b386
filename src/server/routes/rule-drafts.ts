import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { ApiError, msg } from '../errors';
import { currentUser } from '../plugins/auth';
import { parseDatabaseId } from '../invites/project-rules';
import {
  approveDraft,
  createDraft,
  discardDraft,
  draftDocs,
  editDraft,
  fullCheck,
  listDrafts,
  liveOf,
  publishDraft,
  readDraft,
  restoreSet,
  uploadedDocs,
} from '../schema-live/schema-drafts';
import { folderFiles, tarGz } from '../schema-live/schema-folder';
import { draftImpact } from '../schema-live/draft-impact';
import { mayEditRules, rulesEditor } from '../schema-live/rule-editors';
import { judgeForQa } from '../schema-live/rules-qa';
import type { RuleSetQaBody } from '@generated';
import { databaseIds, json, MESSAGE, ref, type RouteShape } from '../openapi/route-shape';
import { renderMessage } from '../i18n/messages';
import { callerLanguage } from '../i18n/language';

const base = '/api/v1/internal/rule-drafts/';
const draftAnswer = ref('api/rule-drafts#/definitions/draft');
const checkAnswer = ref('api/rule-drafts#/definitions/check');
const outcomeAnswer = ref('api/operations-answers#/definitions/schemaReload');

/**
 * The rules in staff's hands (docs/decisions/0640-rules-edited-in-the-browser.md): drafts of the
 * schema set, edited file by file and checked as they change, published live to every process,
 * earlier sets made live again, the live set downloaded as a folder and a folder uploaded as a draft.
 * Staff read; the rules' editors (rule-editors.ts) change.
 */
export async function ruleDraftRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const id = (raw: string): number => {
    const parsed = parseDatabaseId(ctx.schemas, raw);
    if (parsed === undefined) throw new ApiError('validationFailed', msg('positiveIdExpected'));
    return parsed;
  };
  const staff = { access: 'staff' } as const;
  const languageOf = (request: { headers: Parameters<typeof callerLanguage>[0] }) => callerLanguage(request.headers, ctx.schemas.service.serviceKey);

  const list: RouteShape = { summary: 'Staff: the open drafts of the rules, and whether the caller may edit them.', response: { 200: json('Newest first.', ref('api/rule-drafts#/definitions/list')) } };
  app.get(base, { config: staff, schema: list }, async (request) => ({
    mayEdit: await mayEditRules(ctx, currentUser(request)),
    secondEditor: ctx.config.rulesSecondEditor,
    drafts: await listDrafts(ctx.db),
  }));

  const create: RouteShape = { summary: 'Rules editors: a new draft, a copy of the set in use.', response: { 201: json('The draft with the quick checks (GET …/check runs the whole set check).', draftAnswer) } };
  app.post(base, { config: staff, schema: create }, async (request, reply) => {
    const editor = await rulesEditor(ctx, currentUser(request));
    liveOf(ctx);
    return reply.status(201).send(await readDraft(ctx, await createDraft(ctx, editor.id), true));
  });

  const upload: RouteShape = {
    summary: 'Rules editors: a schema folder uploaded as a new draft (examples/ left out).',
    body: ref('api/rule-drafts#/definitions/upload'),
    response: { 201: json('The draft with the quick checks (GET …/check runs the whole set check).', draftAnswer) },
  };
  app.post<{ Body: { files: Record<string, unknown> } }>(`${base}upload`, { config: staff, schema: upload }, async (request, reply) => {
    const editor = await rulesEditor(ctx, currentUser(request));
    liveOf(ctx);
    const docs = uploadedDocs(request.body.files);
    return reply.status(201).send(await readDraft(ctx, await createDraft(ctx, editor.id, docs), true));
  });

  const read: RouteShape = {
    summary: 'Staff: a draft with its files and the quick checks (…/check runs the whole set check).',
    checkedByHandler: { params: databaseIds('id') },
    response: { 200: json('The draft.', draftAnswer) },
  };
  app.get<{ Params: { id: string } }>(`${base}:id`, { config: staff, schema: read }, async (request) => readDraft(ctx, id(request.params.id), true));

  const check: RouteShape = { summary: 'Staff: the whole set check of a draft, as a reload runs it.', checkedByHandler: { params: databaseIds('id') }, response: { 200: json('The check.', checkAnswer) } };
  app.get<{ Params: { id: string } }>(`${base}:id/check`, { config: staff, schema: check }, async (request) =>
    fullCheck(liveOf(ctx), (await draftDocs(ctx, id(request.params.id))).docs),
  );

  const impact: RouteShape = {
    summary: 'Staff: what a draft changes for data already in the portal, with links; nothing submitted is changed by publishing.',
    checkedByHandler: { params: databaseIds('id') },
    response: { 200: json('The affected requests and projects.', ref('api/rule-drafts#/definitions/impact')) },
  };
  app.get<{ Params: { id: string } }>(`${base}:id/impact`, { config: staff, schema: impact }, async (request) => {
    const live = liveOf(ctx);
    return draftImpact(ctx.db, live.set, live.documents, (await draftDocs(ctx, id(request.params.id))).docs);
  });

  const edit: RouteShape = {
    summary: 'Rules editors: replaces or removes one file of a draft; answers the quick checks ($refs, bounds) at once.',
    checkedByHandler: { params: databaseIds('id') },
    body: ref('api/rule-drafts'),
    response: { 200: json('The quick check.', checkAnswer) },
  };
  app.put<{ Params: { id: string }; Body: { file: string; doc: unknown } }>(`${base}:id/file`, { config: staff, schema: edit }, async (request) => {
    await rulesEditor(ctx, currentUser(request));
    return editDraft(ctx, id(request.params.id), request.body.file, request.body.doc);
  });

  const approve: RouteShape = { summary: 'Rules editors: a second editor approves a draft for publishing.', checkedByHandler: { params: databaseIds('id') }, response: { 200: json('Approved.', MESSAGE) } };
  app.post<{ Params: { id: string } }>(`${base}:id/approve`, { config: staff, schema: approve }, async (request) => {
    const editor = await rulesEditor(ctx, currentUser(request));
    await approveDraft(ctx, id(request.params.id), editor.id);
    return { status: { code: 200, message: renderMessage('draftApproved', languageOf(request)) } };
  });

  const publish: RouteShape = {
    summary: 'Rules editors: puts a draft live in every process after the whole set check, with a note for the history.',
    checkedByHandler: { params: databaseIds('id') },
    body: ref('api/rule-drafts#/definitions/publish'),
    response: { 200: json('Live, with its changes (or unchanged).', outcomeAnswer) },
  };
  app.post<{ Params: { id: string }; Body: { note: string; confirmImpact?: boolean } }>(`${base}:id/publish`, { config: staff, schema: publish }, async (request) => {
    const editor = await rulesEditor(ctx, currentUser(request));
    return publishDraft(ctx, id(request.params.id), { userId: editor.id, note: request.body.note.trim(), confirmImpact: request.body.confirmImpact === true });
  });

  const discard: RouteShape = { summary: 'Rules editors: discards a draft.', checkedByHandler: { params: databaseIds('id') }, response: { 200: json('Discarded.', MESSAGE) } };
  app.delete<{ Params: { id: string } }>(`${base}:id`, { config: staff, schema: discard }, async (request) => {
    await rulesEditor(ctx, currentUser(request));
    await discardDraft(ctx, id(request.params.id));
    return { status: { code: 200, message: renderMessage('draftDiscarded', languageOf(request)) } };
  });

  const restore: RouteShape = {
    summary: 'Rules editors: makes an earlier set of the history live again, after the same check, as a new entry.',
    body: ref('api/rule-drafts#/definitions/restore'),
    response: { 200: json('Live, with its changes (or unchanged).', outcomeAnswer) },
  };
  app.post<{ Body: { id: number; note: string } }>('/api/v1/internal/schemas/restore', { config: staff, schema: restore }, async (request) => {
    const editor = await rulesEditor(ctx, currentUser(request));
    return restoreSet(ctx, request.body.id, { userId: editor.id, note: request.body.note.trim() });
  });

  const qa: RouteShape = {
    summary: 'Staff: a payload judged as npm run validate judges it, against a schema of the set in use or of an open draft, for a role; the lines the tool prints, in the caller’s language.',
    body: ref('api/rule-drafts#/definitions/qa'),
    response: { 200: json('The verdict and the printed lines.', ref('api/rule-drafts#/definitions/qaAnswer')) },
  };
  app.post<{ Body: RuleSetQaBody }>('/api/v1/internal/schemas/qa', { config: staff, schema: qa }, async (request) => judgeForQa(ctx, request.body, languageOf(request)));

  const exported: RouteShape = {
    summary: 'Staff: the set in use as a folder (schemas/ with examples/), a gzipped tar to keep in git; `npm run schemas -- check` passes on it.',
    response: { 200: { description: 'schemas-<hash>.tar.gz', contentType: 'application/gzip' } },
  };
  app.get('/api/v1/internal/schemas/export', { config: staff, schema: exported }, async (_request, reply) => {
    const live = liveOf(ctx);
    const body = tarGz(folderFiles(live.documents, live.dir));
    return reply
      .header('content-type', 'application/gzip')
      .header('content-disposition', `attachment; filename="schemas-${live.hash}.tar.gz"`)
      .header('cache-control', 'no-store')
      .send(body);
  });
}
