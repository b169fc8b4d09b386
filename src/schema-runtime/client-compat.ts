/**
 * What the centre's current web client sends, mapped onto our bodies in one place, so that it can
 * use this server during a migration. Used by the server before it validates and by the QA tool,
 * which reports what was ignored as warnings. It never loosens a rule: the mapped body is then
 * validated as any other.
 *
 * - `aliases` at the root of a body schema (the request forms, api/project-change, api/software-new,
 *   api/invites-new) names the client's fields for ours (e.g. `requestName` → `name`); when both
 *   are sent, the client's edited field wins;
 * - top-level fields the schema does not know are ignored (a warning each), as that client sends
 *   its whole form state;
 * - a top-level field that `notGivenWhenEmpty` (beside `aliases`) names and that is sent as an
 *   empty string is not given (a warning each): that client's untouched form field holds `''`;
 * - an empty string for a resource number means "not given";
 * - science domain and field names are matched case-insensitively against either language's label.
 */
import type { SchemaCatalog } from './schema-catalog';
import { scienceDomainsOf } from './science-domains';

/** A body after mapping, with what was ignored. */
export interface CompatResult {
  body: unknown;
  /** Plain words per ignored or changed field, e.g. `/userproject_set: unknown field, ignored`. */
  warnings: string[];
}

type Labelled = { value: string; label?: { hr?: string; en?: string } };

const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
const fold = (s: string) => s.trim().toLocaleLowerCase('hr');

/** The entry whose value or hr/en label equals `name`, ignoring case and outer spaces. */
function matchName<T extends Labelled>(entries: readonly T[], name: unknown): T | undefined {
  if (typeof name !== 'string') return undefined;
  const wanted = fold(name);
  return entries.find((e) => [e.value, e.label?.hr, e.label?.en].some((n) => typeof n === 'string' && fold(n) === wanted));
}

/** `{name: {label, value}}` with the value (and label) of the matched vocabulary entry. */
function canonicalName(item: unknown, entry: Labelled | undefined): unknown {
  if (!entry || !isRecord(item) || !isRecord(item.name)) return item;
  return { ...item, name: { ...item.name, value: entry.value, label: entry.label?.hr ?? entry.value } };
}

/** Science domains and fields named by either language's label, in any case, as our values. */
function canonicalScience(schemas: SchemaCatalog, value: unknown): unknown {
  if (!Array.isArray(value)) return value;
  const domains = scienceDomainsOf(schemas);
  return value.map((share) => {
    if (!isRecord(share) || !isRecord(share.name)) return share;
    const domain = matchName(domains, share.name.value);
    const mapped = canonicalName(share, domain) as Record<string, unknown>;
    if (domain && Array.isArray(mapped.scientificfields))
      mapped.scientificfields = mapped.scientificfields.map((f) => canonicalName(f, isRecord(f) && isRecord(f.name) ? matchName(domain.fields ?? [], f.name.value) : undefined));
    return mapped;
  });
}

/**
 * Maps a body sent to the schema `nameOrId` from the current client's shape to ours. Only body
 * schemas that the client sends whole form states to carry `aliases` (possibly empty) at their
 * root: the request forms, api/project-change, api/software-new and api/invites-new. Other
 * schemas, and bodies that are not objects, are returned as they are.
 */
export function mapCurrentClientBody(schemas: SchemaCatalog, nameOrId: string, body: unknown): CompatResult {
  const schema = schemas.schema(nameOrId) as {
    properties?: Record<string, unknown>;
    additionalProperties?: unknown;
    aliases?: Record<string, string>;
    notGivenWhenEmpty?: string[];
  };
  if (!isRecord(body) || !schema.aliases || !schema.properties || schema.additionalProperties !== false) return { body, warnings: [] };
  const warnings: string[] = [];
  const out: Record<string, unknown> = { ...body };
  for (const [theirs, ours] of Object.entries(schema.aliases ?? {})) {
    if (!(theirs in out)) continue;
    if (out[theirs] !== undefined) out[ours] = out[theirs];
    delete out[theirs];
  }
  for (const key of Object.keys(out)) {
    if (key in schema.properties) continue;
    warnings.push(`/${key}: unknown field, ignored`);
    delete out[key];
  }
  for (const key of schema.notGivenWhenEmpty ?? []) {
    if (out[key] !== '') continue;
    warnings.push(`/${key}: empty, not given`);
    delete out[key];
  }
  if (isRecord(out.resources_numbers)) {
    out.resources_numbers = Object.fromEntries(Object.entries(out.resources_numbers).filter(([, v]) => v !== ''));
  }
  if ('science_field' in out) out.science_field = canonicalScience(schemas, out.science_field);
  return { body: out, warnings };
}
