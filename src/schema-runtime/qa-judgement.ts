/**
 * The QA tool's judgement of a payload, and the lines it prints: written once for `npm run validate`
 * and for the QA page of the rules (POST /api/v1/internal/schemas/qa), so both say the same about
 * the same payload. The current web client's field names are mapped first, as the server maps them.
 */
import { mapCurrentClientBody } from './client-compat';
import type { CallerRole } from './keywords';
import { LIVE_RULES, liveRulesFor, type LiveRuleName } from './live-rules';
import type { SchemaSet } from './schema-set';
import { formatIssue, type ValidationIssue } from './validation-messages';

/** The decision on one payload: valid or not for the role, and the live-data rules it leaves to the server. */
export interface Judgement {
  valid: boolean;
  issues: ValidationIssue[];
  live: LiveRuleName[];
  warnings: string[];
}

/** Judges a payload against one schema of the set for the caller's role; throws for a schema the set does not hold. */
export function judgePayload(schemas: SchemaSet, schemaId: string, data: unknown, role: CallerRole): Judgement {
  const mapped = mapCurrentClientBody(schemas, schemaId, data);
  const result = schemas.forRole(role).validate(schemaId, mapped.body);
  return { ...result, live: liveRulesFor(schemas, schemaId, mapped.body), warnings: mapped.warnings };
}

/**
 * What the tool prints for a judgement, line by line: the mapping's warnings, a `not judged:` line
 * per live-data rule, the verdict naming `subject` (a file, or the pasted payload), and one line
 * per error with its path, its message in `lang` and its key.
 */
export function judgementLines(judgement: Judgement, subject: string, schemaId: string, role: CallerRole, lang: 'hr' | 'en'): string[] {
  const { live, issues } = judgement;
  const lines = judgement.warnings.map((warning) => `warning: ${warning}`);
  for (const rule of live) lines.push(`not judged: ${rule} — ${LIVE_RULES[rule][lang]}`);
  if (judgement.valid) {
    lines.push(`valid: ${subject} matches ${schemaId} for ${role}${live.length ? ` (the server also checks ${live.join(', ')})` : ''}`);
    return lines;
  }
  lines.push(`invalid: ${subject} does not match ${schemaId} for ${role} (${issues.length} error${issues.length === 1 ? '' : 's'})`);
  for (const issue of issues) lines.push(`  ${issue.path || '/'}: ${formatIssue(issue, lang)} [${issue.key}]`);
  return lines;
}
