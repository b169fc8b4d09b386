import { readDomainBranches, type ScienceChoice, type ScienceDomainChoice } from '@/schema-runtime/science-domains';

export type { ScienceChoice, ScienceDomainChoice };

/** A stored name: the value and the label shown when it was picked. */
export interface StoredName {
  label?: string;
  value: string;
}

/** A field row of a domain; `percent` is undefined while the input is empty. */
export interface FieldShareValue {
  name: StoredName;
  percent?: number;
}

/** A domain row with its field rows. */
export interface DomainShareValue {
  name: StoredName;
  percent?: number;
  scientificfields: FieldShareValue[];
}

type Json = Record<string, unknown>;

function at(node: unknown, ...path: string[]): unknown {
  return path.reduce<unknown>((acc, key) => (acc && typeof acc === 'object' ? (acc as Json)[key] : undefined), node);
}

/**
 * The domain vocabulary of the science-domains rule (already dereferenced): one choice per
 * `oneOf` branch of a domain item, with the fields listed beside the domain's `const`.
 */
export function readScienceDomains(scienceFieldSchema: unknown): ScienceDomainChoice[] {
  return readDomainBranches(at(scienceFieldSchema, 'items', 'oneOf'));
}

/** The step of a percent input, from the schema's `multipleOf` (10 for domains, 1 for fields). */
export function percentStep(percentSchema: unknown): number {
  const step = at(percentSchema, 'multipleOf');
  return typeof step === 'number' ? step : 1;
}

/** True when a percent must show the '0-100' hint: set, but outside 1..100 or not whole. */
export function percentOutOfRange(percent: number | undefined): boolean {
  if (percent === undefined) return false;
  return !Number.isInteger(percent) || percent < 1 || percent > 100;
}

/** An empty domain row with its one (mandatory) empty field row. */
export function emptyDomain(): DomainShareValue {
  return { name: { value: '' }, scientificfields: [{ name: { value: '' } }] };
}

/** Adds a domain row. */
export function addDomain(domains: readonly DomainShareValue[]): DomainShareValue[] {
  return [...domains, emptyDomain()];
}

/** Removes a domain row; the last remaining one stays (a request needs a domain). */
export function removeDomain(domains: readonly DomainShareValue[], index: number): DomainShareValue[] {
  if (domains.length <= 1) return [...domains];
  return domains.filter((_, i) => i !== index);
}

/** Adds an empty field row to a domain. */
export function addField(domains: readonly DomainShareValue[], domainIndex: number): DomainShareValue[] {
  return domains.map((d, i) => (i === domainIndex ? { ...d, scientificfields: [...d.scientificfields, { name: { value: '' } }] } : d));
}

/** Removes a field row; the first field of a domain cannot be removed. */
export function removeField(domains: readonly DomainShareValue[], domainIndex: number, fieldIndex: number): DomainShareValue[] {
  if (fieldIndex === 0) return [...domains];
  return domains.map((d, i) =>
    i === domainIndex ? { ...d, scientificfields: d.scientificfields.filter((_, j) => j !== fieldIndex) } : d,
  );
}

/**
 * Picks a domain: its fields belong to the old domain, so they are cleared (their shares kept).
 * The label stored is the vocabulary's Croatian name, whatever the interface language.
 */
export function chooseDomain(domains: readonly DomainShareValue[], index: number, choice: ScienceDomainChoice): DomainShareValue[] {
  return domains.map((d, i) =>
    i === index
      ? {
          ...d,
          name: { label: choice.label.hr, value: choice.value },
          scientificfields: d.name.value === choice.value ? d.scientificfields : d.scientificfields.map((f) => ({ ...f, name: { value: '' } })),
        }
      : d,
  );
}

/** Picks a field of a domain. */
export function chooseField(domains: readonly DomainShareValue[], domainIndex: number, fieldIndex: number, choice: ScienceChoice): DomainShareValue[] {
  return domains.map((d, i) =>
    i === domainIndex
      ? { ...d, scientificfields: d.scientificfields.map((f, j) => (j === fieldIndex ? { ...f, name: { label: choice.label.hr, value: choice.value } } : f)) }
      : d,
  );
}

/** Sets a domain's share, or a field's share when `fieldIndex` is given; undefined empties it. */
export function setPercent(
  domains: readonly DomainShareValue[],
  domainIndex: number,
  percent: number | undefined,
  fieldIndex?: number,
): DomainShareValue[] {
  return domains.map((d, i) => {
    if (i !== domainIndex) return d;
    if (fieldIndex === undefined) return { ...d, percent };
    return { ...d, scientificfields: d.scientificfields.map((f, j) => (j === fieldIndex ? { ...f, percent } : f)) };
  });
}

/** A typed percent: empty → undefined, otherwise the number (validation judges its range). */
export function parsePercent(text: string): number | undefined {
  if (text.trim() === '') return undefined;
  const n = Number(text);
  return Number.isFinite(n) ? n : undefined;
}

/** The percent steps of domain and field shares (`multipleOf` of each percent schema). */
export function shareSteps(scienceFieldSchema: unknown): { domain: number; field: number } {
  return {
    domain: percentStep(at(scienceFieldSchema, 'items', 'properties', 'percent')),
    field: percentStep(at(scienceFieldSchema, 'items', 'properties', 'scientificfields', 'items', 'properties', 'percent')),
  };
}
