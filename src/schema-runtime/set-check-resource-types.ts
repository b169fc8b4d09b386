/**
 * The resource types of rules/resource-types.json as a set check: what the rules editor lets staff
 * add must be sound — each type (an entry of `oneOf`) has a tag the clusters can take (capital
 * letters, digits and hyphens, at most {@link TAG_MAX} characters) that no other type has, names in
 * both hr and en or in neither (the tag alone is then shown), and its flags are true or false. Each
 * problem points at the value to correct.
 */
import type { SchemaDoc } from './schema-catalog';
import { SCHEMA_IDS } from './schema-ids';
import { fileOf, isRecord } from './schema-walk';
import { quote, type SchemaProblem } from './set-problems';

export const TAG_MAX = 40;
const TAG = new RegExp(`^[A-Z0-9](?:[A-Z0-9-]{0,${TAG_MAX - 1}})$`);
const FLAGS = ['staffOnly', 'defaultOnApprove'] as const;

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** Problems of one type's tag; `taken` holds the tags of the types before it. */
function checkTag(file: string, at: string, tag: unknown, taken: Set<string>): SchemaProblem[] {
  const pointer = `${at}/const`;
  if (typeof tag !== 'string' || tag === '') return [{ file, pointer, reason: 'a resource type needs a tag (it is empty)' }];
  if (!TAG.test(tag)) return [{ file, pointer, reason: `the tag ${quote(tag)} is not capital letters, digits and hyphens of at most ${TAG_MAX} characters` }];
  if (taken.has(tag)) return [{ file, pointer, reason: `two resource types have the tag ${quote(tag)}` }];
  taken.add(tag);
  return [];
}

/** Problems of the resource types among `docs`; `[]` when every type is sound (or the file is absent). */
export function checkResourceTypes(docs: readonly SchemaDoc[]): SchemaProblem[] {
  const doc = docs.find((d) => d.$id === SCHEMA_IDS.resourceTypes);
  if (!doc || !Array.isArray(doc.oneOf)) return [];
  const file = fileOf(doc.$id);
  const problems: SchemaProblem[] = [];
  const tags = new Set<string>();
  doc.oneOf.forEach((entry, i) => {
    const at = `/oneOf/${i}`;
    // A $ref to another vocabulary is resolved and checked where it points.
    if (!isRecord(entry) || typeof entry.$ref === 'string') return;
    problems.push(...checkTag(file, at, entry.const, tags));
    if (entry.label !== undefined) {
      const label = isRecord(entry.label) ? entry.label : {};
      for (const lang of ['hr', 'en'])
        if (!text(label[lang])) problems.push({ file, pointer: `${at}/label/${lang}`, reason: `a named resource type needs its name in ${lang} too` });
    }
    for (const flag of FLAGS)
      if (entry[flag] !== undefined && typeof entry[flag] !== 'boolean') problems.push({ file, pointer: `${at}/${flag}`, reason: `${flag} must be true or false (it is ${JSON.stringify(entry[flag])})` });
  });
  return problems;
}
