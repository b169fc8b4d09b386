/**
 * The science domains of rules/science-domains.json as a set check: what the rules editor lets staff
 * add must be whole — each domain (a branch of `definitions/domainShare/oneOf`) and each of its
 * fields has a stored value, no other domain (or field of the domain) has the same, a name in hr
 * and en, and a domain has at least one field. Each problem points at the value to correct.
 */
import type { SchemaDoc } from './schema-catalog';
import { SCHEMA_IDS } from './schema-ids';
import { fileOf, isRecord, valueAt, type Json } from './schema-walk';
import { quote, type SchemaProblem } from './set-problems';

const BRANCHES = '/definitions/domainShare/oneOf';
/** Where in a branch its domain's value, names and fields are. */
const VALUE = '/properties/name/properties/value';

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** Problems of one domain or field: its stored value (at `valueKey`) and its names. */
function checkChoice(file: string, at: string, entry: Json, valueKey: string, what: 'domain' | 'field', taken: Set<string>): SchemaProblem[] {
  const problems: SchemaProblem[] = [];
  const value = text(entry[valueKey]);
  if (!value) problems.push({ file, pointer: `${at}/${valueKey}`, reason: `a ${what} needs a stored value (it is empty)` });
  else if (taken.has(value)) problems.push({ file, pointer: `${at}/${valueKey}`, reason: `two ${what}s have the stored value ${quote(value)}` });
  taken.add(value);
  for (const lang of ['hr', 'en'])
    if (!text(isRecord(entry.label) ? entry.label[lang] : undefined)) problems.push({ file, pointer: `${at}/label/${lang}`, reason: `a ${what} needs a name in ${lang}` });
  return problems;
}

/** Problems of the science domains among `docs`; `[]` when every domain and field is whole (or the file is absent). */
export function checkScienceDomains(docs: readonly SchemaDoc[]): SchemaProblem[] {
  const doc = docs.find((d) => d.$id === SCHEMA_IDS.scienceDomains);
  const branches = doc ? valueAt(doc, BRANCHES) : undefined;
  if (!doc || !Array.isArray(branches)) return [];
  const file = fileOf(doc.$id);
  const problems: SchemaProblem[] = [];
  const domains = new Set<string>();
  branches.forEach((branch, i) => {
    const at = `${BRANCHES}/${i}${VALUE}`;
    const domain = valueAt(branch, VALUE);
    if (!isRecord(domain)) return;
    problems.push(...checkChoice(file, at, domain, 'const', 'domain', domains));
    const fields = Array.isArray(domain.fields) ? domain.fields : [];
    if (fields.length === 0) problems.push({ file, pointer: `${at}/fields`, reason: 'a domain needs at least one field' });
    const values = new Set<string>();
    fields.forEach((field, j) => {
      if (isRecord(field)) problems.push(...checkChoice(file, `${at}/fields/${j}`, field, 'value', 'field', values));
    });
  });
  return problems;
}
