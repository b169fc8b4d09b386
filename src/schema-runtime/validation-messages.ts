import type { ErrorObject } from 'ajv';
import { readPath } from './keywords';
import hr from './messages/hr.json';
import en from './messages/en.json';

/** A stable validation message key; the texts live in `messages/hr.json` and `messages/en.json`. */
export type ValidationMessageKey = keyof typeof hr;

/** One validation failure in a form the UI, the server and the QA tool can all show. */
export interface ValidationIssue {
  /** JSON pointer of the offending value, e.g. `/resources_numbers/HPCnSlotsCPU`. */
  path: string;
  /** The message key, e.g. `numberTooLarge`. */
  key: ValidationMessageKey;
  /** Values the message interpolates, e.g. `{ limit: 6656 }`. */
  params: Record<string, unknown>;
}

export const VALIDATION_MESSAGES: Record<'hr' | 'en', Record<ValidationMessageKey, string>> = { hr, en };

const DEFAULT_KEYS: Record<string, ValidationMessageKey> = {
  required: 'required',
  minimum: 'numberTooSmall',
  exclusiveMinimum: 'numberTooSmall',
  maximum: 'numberTooLarge',
  exclusiveMaximum: 'numberTooLarge',
  percentTotal: 'domainSharesTotal',
  uniqueBy: 'duplicateDomains',
  dateOrder: 'dateOrder',
  dateSpanYears: 'institutionalYear',
  formatMaximum: 'dateTooLate',
  formatExclusiveMaximum: 'dateTooLate',
  formatMinimum: 'dateTooEarly',
  type: 'invalidType',
  format: 'invalidFormat',
  enum: 'notAllowedValue',
  const: 'notAllowedValue',
  oneOf: 'notAllowedValue',
  anyOf: 'notAllowedValue',
  additionalProperties: 'unknownField',
  maxLength: 'tooLong',
  minLength: 'tooShort',
  minItems: 'tooFewItems',
  maxItems: 'tooManyItems',
  pattern: 'invalidPattern',
  noNul: 'nulCharacter',
  notBlank: 'required',
  plainText: 'controlCharacter',
  staffOnly: 'staffOnly',
  notAccepting: 'notAccepting',
};

/** Keywords whose errors only restate failures of their sub-schemas. */
const SUMMARY_KEYWORDS = new Set(['if', 'then', 'else', 'allOf', 'not']);

/**
 * `unchosenMessage: { path, key }` beside a `oneOf` whose branches tell apart one chosen value (a
 * science domain's fields by its name): while that value is still empty (the data says so, or the
 * value itself failed as missing), nothing was chosen yet, and the issue says so instead of naming
 * a mismatch between branches.
 */
function unchosenKey(error: ErrorObject, failedPaths: ReadonlySet<string>): ValidationMessageKey | undefined {
  if (error.keyword !== 'oneOf' && error.keyword !== 'anyOf') return undefined;
  const rule = (error.parentSchema as { unchosenMessage?: { path: string; key: ValidationMessageKey } } | undefined)?.unchosenMessage;
  if (!rule) return undefined;
  if (failedPaths.has(`${error.instancePath}/${rule.path.split('.').join('/')}`)) return rule.key;
  if (error.data === undefined) return undefined;
  const chosen = readPath(error.data, rule.path);
  return chosen === undefined || chosen === null || chosen === '' ? rule.key : undefined;
}

/** Instance paths of values that failed as missing or empty. */
function missingPaths(errors: readonly ErrorObject[]): Set<string> {
  const paths = new Set<string>();
  for (const e of errors) {
    const params = e.params as Record<string, unknown>;
    if (e.keyword === 'required') paths.add(`${e.instancePath}/${String(params.missingProperty)}`);
    else if (e.keyword === 'minLength' && params.limit === 1) paths.add(e.instancePath);
  }
  return paths;
}

function messageKeyOf(error: ErrorObject, failedPaths: ReadonlySet<string> = new Set()): ValidationMessageKey {
  const unchosen = unchosenKey(error, failedPaths);
  if (unchosen) return unchosen;
  const overrides = (error.parentSchema as { errorMessageKeys?: Record<string, ValidationMessageKey> } | undefined)
    ?.errorMessageKeys;
  const chosen = overrides?.[error.keyword] ?? DEFAULT_KEYS[error.keyword];
  if (chosen) return chosen;
  return 'invalid';
}

/**
 * Maps ajv errors to stable message keys with parameters.
 *
 * `errorMessageKeys` in the schema that holds the failing keyword wins over the default mapping,
 * which is how the domain-share rule and the field-share rule get different texts from the same
 * keyword. A `required` error points at the missing property, and a `minLength: 1` string counts
 * as missing. Errors of `oneOf`/`anyOf` branches are folded into the branch keyword's own error,
 * so a bad vocabulary value reads as one issue, not one per branch.
 */
export function toValidationIssues(errors: readonly ErrorObject[] | null | undefined): ValidationIssue[] {
  if (!errors) return [];
  const branchPaths = errors
    .filter((e) => e.keyword === 'oneOf' || e.keyword === 'anyOf')
    .map((e) => e.schemaPath);
  const issues: ValidationIssue[] = [];
  const seen = new Set<string>();
  const missing = missingPaths(errors);
  for (const error of errors) {
    if (SUMMARY_KEYWORDS.has(error.keyword)) continue;
    if (branchPaths.some((p) => error.schemaPath !== p && error.schemaPath.startsWith(p.replace(/\/(oneOf|anyOf)$/, '/$1/'))))
      continue;
    let path = error.instancePath;
    let key = messageKeyOf(error, missing);
    let params: Record<string, unknown> = { ...(error.params as Record<string, unknown>) };
    if (error.keyword === 'oneOf' || error.keyword === 'anyOf') {
      // A value only staff may choose, sent by someone else: say so rather than "not allowed".
      const branch = error.schemaPath.replace(/\/(oneOf|anyOf)$/, '/$1/');
      const staffOnly = errors.find((e) => e.keyword === 'staffOnly' && e.instancePath === error.instancePath && e.schemaPath.startsWith(branch));
      if (staffOnly) {
        key = 'staffOnly';
        params = { ...(staffOnly.params as Record<string, unknown>) };
      }
    }
    if (error.keyword === 'required') {
      path = `${path}/${String(params.missingProperty)}`;
    } else if (error.keyword === 'minLength' && params.limit === 1 && key === 'tooShort') {
      key = 'required';
    } else if (error.keyword === 'plainText' && params.lineBreak === true && key === 'controlCharacter') {
      key = 'lineBreak';
    }
    if (error.keyword === 'type') params.type = [params.type].flat().join(', ');
    const id = `${path}|${key}`;
    if (seen.has(id)) continue;
    seen.add(id);
    issues.push({ path, key, params });
  }
  return issues;
}

/**
 * Renders an issue in plain words in the given language, e.g. `Broj ne može biti veći od 6656`.
 */
export function formatIssue(issue: ValidationIssue, locale: 'hr' | 'en' = 'hr'): string {
  const template = VALIDATION_MESSAGES[locale][issue.key] ?? VALIDATION_MESSAGES[locale].invalid;
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(issue.params[name] ?? ''));
}

/** Plain words for a list of validation issues, e.g. `/resources_numbers/HPCnSlotsCPU: The number cannot be greater than 6656`. */
export function describeIssues(issues: ValidationIssue[], lang: 'hr' | 'en' = 'en'): string {
  return issues.map((i) => `${i.path || '/'}: ${formatIssue(i, lang)}`).join('; ');
}
