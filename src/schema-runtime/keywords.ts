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
  'resourceTags', 'service', 'accountingTimeZone', 'capacity',
  'stuck', 'blocksComputing', 'resend', 'afterDays',
  'aliases', 'notGivenWhenEmpty', 'liveRules', 'unchosenMessage',
  'routine', 'digest', 'afterMonthDays',
  'grantsHours', 'knownToCurrentPortal', 'currentPortalFallback',
  'days', 'years',
  'editorSection', 'choices',
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

/** Whether a text is one line (a name, a title, a key name) or may run over several (a reason, a comment). */
export type PlainTextKind = 'oneLine' | 'multiLine';

/**
 * Characters no text of the portal may hold (NUL is `noNul`'s): the other C0 controls and DEL, the
 * C1 controls, and the bidirectional embeddings, overrides and isolates (U+202A–U+202E,
 * U+2066–U+2069), which reorder what a reader sees ("Trojan Source"). A multi-line text keeps its
 * tabs and line ends (TAB, LF, CR); a one-line text keeps neither, nor U+2028/U+2029.
 */
const REFUSED: Record<PlainTextKind, RegExp> = {
  oneLine: /[\u0001-\u001F\u007F-\u009F\u2028\u2029\u202A-\u202E\u2066-\u2069]/u,
  multiLine: /[\u0001-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/u,
};
const LINE_BREAK = /^[\n\r\u2028\u2029]$/u;

/**
 * The first character of `text` a text of this kind may not hold, as its code point (`U+001B`)
 * and whether it is a line break; null when there is none.
 */
export function refusedCharacter(text: string, kind: PlainTextKind): { char: string; lineBreak: boolean } | null {
  const found = REFUSED[kind].exec(text);
  if (!found) return null;
  const code = found[0].codePointAt(0)!;
  return { char: `U+${code.toString(16).toUpperCase().padStart(4, '0')}`, lineBreak: LINE_BREAK.test(found[0]) };
}

/**
 * `plainText: "oneLine"` or `"multiLine"` — a text holds no control character and no
 * bidirectional override (see `refusedCharacter`); a multi-line one keeps tabs and line ends. On
 * every text field of a body schema: names, titles, key names, e-mail labels are `oneLine`;
 * reasons, comments and other textareas `multiLine`. Such characters reach mail bodies and
 * subjects, and the clusters' key lists, where a terminal would run them.
 */
export const plainText: KeywordDefinition = {
  keyword: 'plainText',
  type: 'string',
  schemaType: 'string',
  metaSchema: { enum: ['oneLine', 'multiLine'] },
  errors: true,
  validate: withErrors('plainText', (kind: PlainTextKind, data: unknown) => refusedCharacter(data as string, kind)),
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
  ajv.addKeyword(plainText);
  return ajv;
}
