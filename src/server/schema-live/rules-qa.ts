/**
 * The QA page of the rules (POST /api/v1/internal/schemas/qa): a pasted payload judged as
 * `npm run validate` judges it — the same judgement and the same printed lines
 * (schema-runtime/qa-judgement.ts) — against a schema of the set in use or of an open draft.
 */
import type { RuleSetQaAnswer, RuleSetQaBody } from '@generated';
import type { AppContext } from '@/server/context';
import { ApiError, msg } from '@/server/errors';
import type { Language } from '@/server/i18n/messages';
import { createSchemaSet, judgePayload, judgementLines, schemaIdOf, type SchemaSet } from '@/schema-runtime';
import { draftDocs } from './schema-drafts';

/** The draft's rules as a set; a draft whose documents do not compile cannot judge anything. */
async function draftSet(ctx: AppContext, id: number): Promise<SchemaSet> {
  const { docs } = await draftDocs(ctx, id);
  try {
    return createSchemaSet(docs);
  } catch {
    throw new ApiError('validationFailed', msg('qaDraftNotCompiled', { id: String(id) }));
  }
}

export async function judgeForQa(ctx: AppContext, body: RuleSetQaBody, lang: Language): Promise<RuleSetQaAnswer> {
  const schemas = body.draft === undefined ? ctx.schemas : await draftSet(ctx, body.draft);
  if (!schemas.ids.includes(schemaIdOf(body.schema))) throw new ApiError('validationFailed', msg('qaUnknownSchema', { schema: body.schema }));
  const judgement = judgePayload(schemas, body.schema, body.payload, body.role);
  return { valid: judgement.valid, lines: judgementLines(judgement, 'the payload', body.schema, body.role, lang) };
}
