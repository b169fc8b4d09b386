/**
 * Checks several entities of the import share: a value against a schema of the portal (the same
 * schemas the API validates with), and claims on values that must be unique here.
 */
import type { SchemaSet } from '@/schema-runtime';
import { formatIssue } from '@/schema-runtime';

/** The issues of `value` against the schema `id` in plain English, or null when it passes. */
export function schemaProblems(schemas: SchemaSet, id: string, value: unknown): string | null {
  const result = schemas.validate(id, value);
  if (result.valid) return null;
  return result.issues.map((issue) => `${issue.path || '/'}: ${formatIssue(issue, 'en')}`).join('; ');
}

/**
 * Values that must be unique here (usernames, project codes, …): the owners of the rows already
 * here, and the claims of the rows checked in this run. A value is free for a row when nobody
 * holds it or that row itself does.
 */
export class Claims<K> {
  private readonly owners = new Map<K, { targetId?: number; sourceId?: number }>();

  constructor(existing: Iterable<[K, number]> = []) {
    for (const [key, targetId] of existing) this.owners.set(key, { targetId });
  }

  /**
   * Claims `key` for a source row (its id here when imported before); answers the owner that
   * already holds it — a source id, or undefined with `here` set for a row of this portal — or null when free.
   */
  claim(key: K, sourceId: number, targetId: number | undefined): { sourceId?: number; here?: number } | null {
    const owner = this.owners.get(key);
    if (owner && !(targetId !== undefined && owner.targetId === targetId) && owner.sourceId !== sourceId)
      return owner.sourceId !== undefined ? { sourceId: owner.sourceId } : { here: owner.targetId };
    this.owners.set(key, { targetId, sourceId });
    return null;
  }
}
