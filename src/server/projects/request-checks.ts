/**
 * Checks a request or a staff edit needs beyond its JSON Schema: values that live in the database
 * (installed software). Staff-only resource types are a role-aware schema rule (`staffOnly`).
 */
import type { Db } from '@/server/db/handle';
import { installedSoftwareAmong } from '@/server/software/queries';
import type { ValidationIssue } from '@/schema-runtime';
import { ApiError, localText, msg } from '@/server/errors';
import { describeIssues } from '@/schema-runtime';

/** A 400 answer listing the issues, in the shape route validation answers with. */
export function validationError(issues: ValidationIssue[], prefix = 'body'): ApiError {
  const located = issues.map((i) => ({ ...i, path: `${prefix}${i.path}` }));
  return new ApiError('validationFailed', localText((lang) => describeIssues(located, lang)), { issues });
}

/** Refuses software names that are not in the installed-software list. */
export async function assertKnownSoftware(db: Db, names: readonly string[] | undefined): Promise<void> {
  if (!names || names.length === 0) return;
  const known = new Set(await installedSoftwareAmong(db, names));
  const issues: ValidationIssue[] = names.flatMap((name, i) =>
    known.has(name) ? [] : [{ path: `/science_software/${i}`, key: 'notAllowedValue' as const, params: { allowedValues: 'installed applications' } }],
  );
  if (issues.length === 0) return;
  const unknown = names.filter((n) => !known.has(n));
  throw new ApiError('validationFailed', msg(unknown.length > 1 ? 'unknownApplications' : 'unknownApplication', { names: unknown.join(', ') }), { issues });
}

/** Whether a database error is a unique-constraint violation. */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}
