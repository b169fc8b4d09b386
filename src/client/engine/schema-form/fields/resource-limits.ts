import type { LocaleText } from '@/client/engine/locale-text';

/** One resource number of the form, as rules/resource-limits.json describes it. */
export interface ResourceLimit {
  name: string;
  minimum: number;
  maximum: number;
  group: string;
  unit?: string;
  label: LocaleText;
}

type Json = Record<string, unknown>;

/**
 * The resource numbers of a (dereferenced) resources schema, in schema order: limits, group,
 * unit and label are read from the schema, so raising a maximum there changes the form.
 */
export function readResourceLimits(resourcesSchema: unknown): ResourceLimit[] {
  const properties = (resourcesSchema as Json | undefined)?.properties as Record<string, Json> | undefined;
  if (!properties) return [];
  return Object.entries(properties).map(([name, p]) => ({
    name,
    minimum: typeof p.minimum === 'number' ? p.minimum : 1,
    maximum: typeof p.maximum === 'number' ? p.maximum : Number.MAX_SAFE_INTEGER,
    group: typeof p.group === 'string' ? p.group : '',
    unit: typeof p.unit === 'string' ? p.unit : undefined,
    label: (p.label as LocaleText | undefined) ?? { hr: name, en: name },
  }));
}

/** The limits grouped by `group` (HPC, CLOUD …), groups in order of first appearance. */
export function groupResourceLimits(limits: readonly ResourceLimit[]): [string, ResourceLimit[]][] {
  const groups = new Map<string, ResourceLimit[]>();
  for (const limit of limits) groups.set(limit.group, [...(groups.get(limit.group) ?? []), limit]);
  return [...groups.entries()];
}

/** Sets one number; an empty input removes it, so it is not sent. */
export function setResourceNumber(
  numbers: Readonly<Record<string, number>> | undefined,
  name: string,
  text: string,
): Record<string, number> | undefined {
  const { [name]: _dropped, ...rest } = numbers ?? {};
  const next = text.trim() === '' ? rest : { ...rest, [name]: Number(text) };
  return Object.keys(next).length ? next : undefined;
}
