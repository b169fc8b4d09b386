import type { SchemaCatalog } from './schema-catalog';
import { SCHEMA_IDS } from './schema-ids';

/** A domain or field of rules/science-domains.json: the stored value and its hr/en names. */
export interface ScienceChoice {
  value: string;
  label: { hr: string; en: string };
}

/** A domain with the fields that belong to it. */
export interface ScienceDomainChoice extends ScienceChoice {
  fields: ScienceChoice[];
}

type Json = Record<string, unknown>;
const isRecord = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

function choiceOf(value: unknown, label: unknown): ScienceChoice {
  const text = String(value);
  const names = isRecord(label) ? label : {};
  return { value: text, label: { hr: typeof names.hr === 'string' ? names.hr : text, en: typeof names.en === 'string' ? names.en : text } };
}

/**
 * The domains of the `oneOf` branches of a domain share: each branch names its domain by the
 * `const` of `name.value`, with the domain's hr/en label and its fields listed beside it.
 */
export function readDomainBranches(branches: unknown): ScienceDomainChoice[] {
  if (!Array.isArray(branches)) return [];
  return branches.flatMap((branch): ScienceDomainChoice[] => {
    const name = isRecord(branch) && isRecord(branch.properties) ? branch.properties.name : undefined;
    const value = isRecord(name) && isRecord(name.properties) ? name.properties.value : undefined;
    if (!isRecord(value) || typeof value.const !== 'string') return [];
    const fields = Array.isArray(value.fields) ? value.fields.filter(isRecord).map((f) => choiceOf(f.value, f.label)) : [];
    return [{ ...choiceOf(value.const, value.label), fields }];
  });
}

/** The science domains and their fields, as rules/science-domains.json lists them. */
export function scienceDomainsOf(schemas: SchemaCatalog): ScienceDomainChoice[] {
  const rule = schemas.schema(SCHEMA_IDS.scienceDomains) as { definitions?: { domainShare?: { oneOf?: unknown } } };
  return readDomainBranches(rule.definitions?.domainShare?.oneOf);
}
