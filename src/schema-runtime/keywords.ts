import type Ajv from 'ajv';
import type { KeywordDefinition, SchemaValidateFunction } from 'ajv';

/**
 * Annotation keywords: they carry data for the UI, codegen and server rules and never fail
 * validation. Registered so that ajv's strict mode still rejects misspelt keywords.
 */
export const ANNOTATION_KEYWORDS = [
  'label', 'userLabel', 'tooltip', 'icon', 'isActive', 'isRequest', 'staffOptions', 'leadOptions',
  'endingState', 'remindAtEnd', 'expiresAfterGrace', 'extensionRequest', 'leads',
  'badgeColor', 'registryBased', 'euroMatch', 'defaultOnApprove', 'projectType',
  'identifierPrefix', 'group', 'unit', 'fields', 'errorMessageKeys', 'tsType', 'tsEnumNames',
  'form', 'uiSchema', 'layout', 'columns', 'messages', 'accepting', 'foreignInvites', 'institutional', 'newRequestPhrase',
  'resourceTags', 'service', 'accountingTimeZone',
  'stuck', 'blocksComputing', 'resend', 'afterDays',
  'aliases', 'notGivenWhenEmpty', 'liveRules', 'unchosenMessage',
  'routine', 'digest', 'afterMonthDays',
  'grantsHours',
  'days', 'years',
] as const;

/** Reads a dotted path such as `name.value` from an item. */
export function readPath(item: unknown, path: string): unknown {
  let current: unknown = item;
  for (const part of path.split('.')) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[part];
  }
  return current;
}

/**
 * Wraps a check that returns the error params (or null when valid) into an ajv validate function
 * whose error names the keyword and carries its parent schema, so that `errorMessageKeys` beside
 * the keyword can choose the message.
 */
function withErrors(
  keyword: string,
  fn: (schemaValue: never, data: unknown) => Record<string, unknown> | null,
): SchemaValidateFunction {
  const validate: SchemaValidateFunction = function check(
    schemaValue: unknown,
    data: unknown,
    parentSchema?: unknown,
  ) {
    const params = fn(schemaValue as never, data);
    if (params === null) return true;
    validate.errors = [{ keyword, params, message: keyword, parentSchema } as never];
    return false;
  } as SchemaValidateFunction;
  return validate;
}

/** `percentTotal: N` — the `percent` values of the array's items add up to N. */
export const percentTotal: KeywordDefinition = {
  keyword: 'percentTotal',
  type: 'array',
  schemaType: 'number',
  errors: true,
  validate: withErrors('percentTotal', (total: number, data: unknown) => {
    const items = data as unknown[];
    if (items.length === 0) return null;
    const sum = items.reduce<number>((acc, item) => {
      const percent = readPath(item, 'percent');
      return acc + (typeof percent === 'number' && Number.isFinite(percent) ? percent : 0);
    }, 0);
    return sum === total ? null : { total, sum };
  }),
};

/** `uniqueBy: "a.b"` — no two items of the array share the value at that path. */
export const uniqueBy: KeywordDefinition = {
  keyword: 'uniqueBy',
  type: 'array',
  schemaType: 'string',
  errors: true,
  validate: withErrors('uniqueBy', (path: string, data: unknown) => {
    const seen = new Set<string>();
    const duplicates = new Set<string>();
    for (const item of data as unknown[]) {
      const value = readPath(item, path);
      if (value === undefined || value === null || value === '') continue;
      const key = JSON.stringify(value);
      if (seen.has(key)) duplicates.add(String(value));
      seen.add(key);
    }
    return duplicates.size === 0 ? null : { path, duplicates: [...duplicates].join(', ') };
  }),
};

/** `dateOrder: ["date_start", "date_end"]` — when both dates are set, the first is not after the second. */
export const dateOrder: KeywordDefinition = {
  keyword: 'dateOrder',
  type: 'object',
  schemaType: 'array',
  errors: true,
  validate: withErrors('dateOrder', (pair: [string, string], data: unknown) => {
    const record = data as Record<string, unknown>;
    const start = record[pair[0]];
    const end = record[pair[1]];
    if (typeof start !== 'string' || typeof end !== 'string' || !start || !end) return null;
    return start <= end ? null : { start: pair[0], end: pair[1] };
  }),
};

/**
 * The day `years` years after a `yyyy-MM-dd` day; 29 February falls back to 28 February, as
 * date libraries do when adding years.
 */
export function addYears(day: string, years: number): string {
  const [y, m, d] = day.split('-').map(Number);
  const year = y + years;
  const last = new Date(Date.UTC(year, m, 0)).getUTCDate();
  return `${String(year).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
}

/** `dateSpanYears: {start, end, years}` — when both dates are set, end is exactly `years` years after start. */
export const dateSpanYears: KeywordDefinition = {
  keyword: 'dateSpanYears',
  type: 'object',
  schemaType: 'object',
  errors: true,
  validate: withErrors('dateSpanYears', (rule: { start: string; end: string; years: number }, data: unknown) => {
    const record = data as Record<string, unknown>;
    const start = record[rule.start];
    const end = record[rule.end];
    if (typeof start !== 'string' || typeof end !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(start)) return null;
    const expected = addYears(start, rule.years);
    return end === expected ? null : { years: rule.years, expected };
  }),
};

/** The JSON pointer of a child of `base`. */
function childPointer(base: string, key: string | number): string {
  return `${base}/${String(key).replace(/~/g, '~0').replace(/\//g, '~1')}`;
}

/** Pointers (below `base`) of every string in the value, object keys included, that holds a NUL character. */
export function nulPaths(data: unknown, base = '', found: string[] = [], depth = 0): string[] {
  if (typeof data === 'string') {
    if (data.includes('\u0000')) found.push(base);
  } else if (depth < 64 && data !== null && typeof data === 'object') {
    for (const [key, value] of Object.entries(data)) {
      const path = childPointer(base, Array.isArray(data) ? Number(key) : key);
      if (key.includes('\u0000')) found.push(path);
      else nulPaths(value, path, found, depth + 1);
    }
  }
  return found;
}

/**
 * `noNul: true` — no string anywhere in the value contains a NUL character (U+0000). No text of
 * the portal can hold one, and the database cannot store it. Put at the root of a body schema, it
 * covers every field, each error naming the offending field.
 */
export const noNul: KeywordDefinition = {
  keyword: 'noNul',
  schemaType: 'boolean',
  errors: true,
  validate: function check(enabled: boolean, data: unknown, parentSchema?: unknown, dataCxt?: { instancePath: string }) {
    if (!enabled) return true;
    const paths = nulPaths(data, dataCxt?.instancePath ?? '');
    if (paths.length === 0) return true;
    (check as SchemaValidateFunction).errors = paths.map((instancePath) => ({ keyword: 'noNul', instancePath, params: {}, message: 'noNul', parentSchema }) as never);
    return false;
  } as SchemaValidateFunction,
};

/** `notBlank: true` — a string holds at least one non-space character (a required text cannot be only spaces). */
export const notBlank: KeywordDefinition = {
  keyword: 'notBlank',
  type: 'string',
  schemaType: 'boolean',
  errors: true,
  validate: withErrors('notBlank', (enabled: boolean, data: unknown) => (!enabled || (data as string).trim() !== '' ? null : {})),
};

/** Who sends a payload: staff (staff and superusers) or any other user. */
export type CallerRole = 'staff' | 'user';

/**
 * `staffOnly: true` — only staff may send this value (a resource type's `const` branch) or this
 * payload (a request form of a staff-only request type). Role-aware: a validator built for the
 * role `user` refuses it, one built for `staff` accepts it, and one built without a role (the
 * server's answers, stored data) reads it as an annotation only.
 */
export function staffOnlyKeyword(role: CallerRole | undefined): KeywordDefinition {
  return {
    keyword: 'staffOnly',
    schemaType: 'boolean',
    errors: true,
    validate: withErrors('staffOnly', (enabled: boolean, data: unknown) => {
      if (!enabled || role !== 'user') return null;
      const value = typeof data === 'string' ? data : String((data as { project_type?: unknown } | null)?.project_type ?? '');
      return { value };
    }),
  };
}

/** `notAccepting: true` — the request type takes no requests now: every payload is refused. */
export const notAccepting: KeywordDefinition = {
  keyword: 'notAccepting',
  schemaType: 'boolean',
  errors: true,
  validate: withErrors('notAccepting', (enabled: boolean) => (enabled ? {} : null)),
};

/** Registers our keywords and annotations on an ajv instance; `role` makes `staffOnly` a rule. */
export function addPortalKeywords(ajv: Ajv, role?: CallerRole): Ajv {
  for (const keyword of ANNOTATION_KEYWORDS) ajv.addKeyword({ keyword, schemaType: undefined });
  ajv.addKeyword(staffOnlyKeyword(role));
  ajv.addKeyword(notAccepting);
  ajv.addKeyword(percentTotal);
  ajv.addKeyword(uniqueBy);
  ajv.addKeyword(dateOrder);
  ajv.addKeyword(dateSpanYears);
  ajv.addKeyword(noNul);
  ajv.addKeyword(notBlank);
  return ajv;
}
