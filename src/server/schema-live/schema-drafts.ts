/**
 * Drafts of the rules (docs/decisions/0640-rules-edited-in-the-browser.md): a schema set being
 * edited in the browser, kept in `schema_drafts` (migration 0040) by its author, never live until
 * published. Every change is checked at once with the quick checks (`$ref`s, bounds), the whole set
 * check the portal runs before a reload on demand and before publishing; publishing puts the set
 * live in every process through `LiveSchemas.putLive`.
 */
import type { Db } from '@/server/db/handle';
import type { AppContext } from '@/server/context';
import { ApiError, msg } from '@/server/errors';
import { diffSchemaDocs, SCHEMA_BASE, type RebaseConflict, type SchemaChange, type SchemaDoc } from '@/schema-runtime';
import { checkBounds, checkRefs } from '@/schema-runtime/set-checks';
import { checkCandidate, type LiveSchemas, type ReloadOutcome } from './live-schemas';
import { draftProblem, type DraftProblem } from './problem-texts';
import { draftImpact } from './draft-impact';
import {
  insertDraft,
  markDraftDiscarded,
  markDraftPublished,
  openDraft,
  openDraftsNewestFirst,
  replaceDraftDocs,
  schemaSetById,
  schemaSetIdByHash,
  setDraftApprover,
} from './queries';

/** The file of a document: `rules/resource-limits.json` for `https://portal.schemas/rules/resource-limits.json`. */
export const fileOfDoc = (doc: SchemaDoc): string => doc.$id.slice(SCHEMA_BASE.length);

/** A schema file's name as the set knows it: `<folder>/<name>.json`, folders and names of letters, digits, `-` and `_`. */
const FILE_NAME = /^(?:[a-z0-9_-]+\/)+[a-zA-Z0-9_-]+\.json$/;
/** Files of an upload left out of a draft: the examples check every draft from the shipped folder. */
const EXAMPLES = /^examples\//;

export interface DraftSummary {
  id: number;
  author: string;
  authorId: number;
  createdAt: string;
  updatedAt: string;
  fromHash: string;
  approvedBy: string | null;
  /** A draft a new release made for a decision (docs/decisions/0674-staff-rules-rebased-on-a-new-release.md). */
  rebase: { staffHash: string; baseHash: string; conflicts: RebaseConflict[] } | null;
}

export interface DraftCheck {
  /** true: the whole set check ran; false: the quick checks of an edit only. */
  complete: boolean;
  problems: DraftProblem[];
  /** What the draft changes against the set in use, in both languages. */
  changes: SchemaChange[];
}

export interface DraftAnswer extends DraftSummary, DraftCheck {
  liveHash: string;
  files: Record<string, SchemaDoc>;
}

/** The live set of a process that serves one; a fixed set cannot be edited. */
export function liveOf(ctx: AppContext): LiveSchemas {
  if (!ctx.live) throw new ApiError('notFound', msg('schemasNotLive'));
  return ctx.live;
}

const filesOf = (docs: readonly SchemaDoc[]): Record<string, SchemaDoc> => Object.fromEntries(docs.map((d) => [fileOfDoc(d), d]));

/** The quick checks of an edit (a few milliseconds): every `$ref` resolves, no bound contradicts another. */
export function quickCheck(live: LiveSchemas, docs: SchemaDoc[]): DraftCheck {
  const problems = [...checkRefs(docs), ...checkBounds(docs)].map(draftProblem);
  return { complete: false, problems, changes: diffSchemaDocs(live.documents, docs) };
}

/** The whole set check a reload runs, on the draft. */
export function fullCheck(live: LiveSchemas, docs: SchemaDoc[]): DraftCheck {
  const candidate = checkCandidate(docs, live.dir, live.set);
  return { complete: true, problems: candidate.problems.map(draftProblem), changes: diffSchemaDocs(live.documents, docs) };
}

async function draftRow(db: Db, id: number) {
  const row = await openDraft(db, id);
  if (!row) throw new ApiError('notFound', msg('draftNotFound', { id: String(id) }));
  return row;
}

const summaryOf = (row: Awaited<ReturnType<typeof draftRow>>): DraftSummary => ({
  id: Number(row.id),
  author: row.author,
  authorId: row.author_id,
  createdAt: new Date(row.created_at).toISOString(),
  updatedAt: new Date(row.updated_at).toISOString(),
  fromHash: row.from_hash,
  approvedBy: row.approver ?? null,
  rebase: row.rebase_of && row.rebase_base ? { staffHash: row.rebase_of, baseHash: row.rebase_base, conflicts: (row.conflicts ?? []) as RebaseConflict[] } : null,
});

/** The open drafts, newest first. */
export async function listDrafts(db: Db): Promise<DraftSummary[]> {
  const rows = await openDraftsNewestFirst(db);
  return rows.map(summaryOf);
}

/** A new draft holding `docs` (the set in use when not given). */
export async function createDraft(ctx: AppContext, authorId: number, docs?: SchemaDoc[]): Promise<number> {
  const live = liveOf(ctx);
  return insertDraft(ctx.db, { authorId, fromHash: live.hash, docs: docs ?? live.documents });
}

/** An uploaded folder's files as documents: each a JSON object whose `$id` names its file. */
export function uploadedDocs(files: Record<string, unknown>): SchemaDoc[] {
  const docs: SchemaDoc[] = [];
  for (const [file, doc] of Object.entries(files)) {
    if (EXAMPLES.test(file)) continue;
    docs.push(documentFor(file, doc));
  }
  if (!docs.length) throw new ApiError('validationFailed', msg('draftUploadEmpty'));
  return docs;
}

/** `doc` checked to be a schema document of `file`. */
function documentFor(file: string, doc: unknown): SchemaDoc {
  if (!FILE_NAME.test(file)) throw new ApiError('validationFailed', msg('draftFileName', { file: file.slice(0, 120) }));
  if (!doc || typeof doc !== 'object' || Array.isArray(doc)) throw new ApiError('validationFailed', msg('draftDocNotObject', { file }));
  const id = (doc as { $id?: unknown }).$id;
  if (id !== `${SCHEMA_BASE}${file}`) throw new ApiError('validationFailed', msg('draftDocId', { file, id: `${SCHEMA_BASE}${file}` }));
  return doc as SchemaDoc;
}

/** The draft with its files and the whole set check (or, `quick`, the quick checks of an edit). */
export async function readDraft(ctx: AppContext, id: number, quick = false): Promise<DraftAnswer> {
  const live = liveOf(ctx);
  const row = await draftRow(ctx.db, id);
  const docs = row.docs as SchemaDoc[];
  return { ...summaryOf(row), liveHash: live.hash, files: filesOf(docs), ...(quick ? quickCheck(live, docs) : fullCheck(live, docs)) };
}

/** The draft's documents (for publishing, exporting and previews). */
export async function draftDocs(ctx: AppContext, id: number): Promise<{ summary: DraftSummary; docs: SchemaDoc[] }> {
  const row = await draftRow(ctx.db, id);
  return { summary: summaryOf(row), docs: row.docs as SchemaDoc[] };
}

/**
 * Replaces (or, with `doc` null, removes) one file of a draft and answers the quick checks of the
 * result. An edit withdraws an approval: the approver approved another text.
 */
export async function editDraft(ctx: AppContext, id: number, file: string, doc: unknown): Promise<DraftCheck> {
  const live = liveOf(ctx);
  const row = await draftRow(ctx.db, id);
  const docs = (row.docs as SchemaDoc[]).filter((d) => fileOfDoc(d) !== file);
  if (doc !== null) docs.push(documentFor(file, doc));
  else if (docs.length === (row.docs as SchemaDoc[]).length) throw new ApiError('notFound', msg('draftFileMissing', { file: file.slice(0, 120) }));
  docs.sort((a, b) => (a.$id < b.$id ? -1 : a.$id > b.$id ? 1 : 0));
  await replaceDraftDocs(ctx.db, id, docs);
  return quickCheck(live, docs);
}

/** Records a second editor's approval (not the author's own). */
export async function approveDraft(ctx: AppContext, id: number, editorId: number): Promise<void> {
  const row = await draftRow(ctx.db, id);
  if (row.author_id === editorId) throw new ApiError('forbidden', msg('draftOwnApproval'));
  await setDraftApprover(ctx.db, id, editorId);
}

export async function discardDraft(ctx: AppContext, id: number): Promise<void> {
  await draftRow(ctx.db, id);
  await markDraftDiscarded(ctx.db, id);
}

/** A refused publish or restore: the problems, each at its field, in the caller's language and both. */
function refused(outcome: ReloadOutcome): never {
  const problems = outcome.status === 'refused' ? outcome.problems.map(draftProblem) : [];
  throw new ApiError('rulesRefused', msg('rulesRefusedCount', { count: String(problems.length) }), { problems });
}

/**
 * Puts a draft live in every process (after the whole set check), with the author's note; a draft
 * that affects data already in the portal only with `confirmImpact` (the editor saw the list).
 */
export async function publishDraft(ctx: AppContext, id: number, by: { userId: number; note: string; confirmImpact?: boolean }): Promise<ReloadOutcome> {
  const live = liveOf(ctx);
  const { summary, docs } = await draftDocs(ctx, id);
  if (ctx.config.rulesSecondEditor && !summary.approvedBy) throw new ApiError('conflict', msg('draftNeedsApproval'));
  const outcome = await live.putLive(docs, { origin: 'publish', authorId: by.userId, note: by.note }, async () => {
    if (by.confirmImpact) return;
    const impact = await draftImpact(ctx.db, live.set, live.documents, docs);
    if (impact.total > 0) throw new ApiError('conflict', msg('impactNotConfirmed', { count: String(impact.total) }), { impact });
  });
  if (outcome.status === 'refused') refused(outcome);
  const setId = await schemaSetIdByHash(ctx.db, outcome.hash);
  await markDraftPublished(ctx.db, id, setId ?? null);
  return outcome;
}

/** Makes history entry `setId` live again, after the same check, as a new entry. */
export async function restoreSet(ctx: AppContext, setId: number, by: { userId: number; note: string }): Promise<ReloadOutcome> {
  const live = liveOf(ctx);
  const entry = await schemaSetById(ctx.db, setId);
  if (!entry) throw new ApiError('notFound', msg('schemaSetNotFound', { id: String(setId) }));
  if (entry.hash === live.hash) return { status: 'unchanged', hash: live.hash };
  const outcome = await live.putLive(entry.docs, { origin: 'restore', authorId: by.userId, note: by.note });
  if (outcome.status === 'refused') refused(outcome);
  return outcome;
}
