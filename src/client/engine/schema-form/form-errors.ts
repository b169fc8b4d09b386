import type { ErrorObject } from 'ajv';
import type { ErrorSchema, RJSFValidationError } from '@rjsf/utils';
import {
  formatIssue,
  toValidationIssues,
  type ValidationIssue,
  type ValidationMessageKey,
} from '@/schema-runtime/validation-messages';
import { readPointer } from './dereference-schema';

export type FormLocale = 'hr' | 'en';

/** `.science_field.0.percent` (RJSF's property) → `/science_field/0/percent` (a JSON pointer). */
export function propertyToPointer(property: string | undefined): string {
  if (!property) return '';
  return property.replace(/^\./, '').split('.').filter(Boolean).map((p) => `/${p}`).join('');
}

/** `/science_field/0/percent` → `.science_field.0.percent`. */
export function pointerToProperty(pointer: string): string {
  return pointer.split('/').slice(1).map((p) => `.${p}`).join('');
}

/**
 * Turns RJSF's errors back into ajv's shape, finding each failing keyword's schema by its
 * `schemaPath` in the (self-contained) rendered schema, so that the runtime's
 * {@link toValidationIssues} picks the same message keys as the server does.
 */
export function rjsfErrorsToIssues(errors: readonly RJSFValidationError[], rootSchema: unknown): ValidationIssue[] {
  const raw = errors.flatMap((error): ErrorObject[] => {
    if (!error.name || !error.schemaPath) return [];
    const params = (error.params ?? {}) as Record<string, unknown>;
    let instancePath = propertyToPointer(error.property);
    // RJSF appends the missing property to `property`; ajv's instancePath is the object holding it.
    if (error.name === 'required' && typeof params.missingProperty === 'string')
      instancePath = instancePath.replace(new RegExp(`/${params.missingProperty}$`), '');
    const parentPointer = error.schemaPath.replace(/^#/, '').split('/').slice(0, -1).join('/');
    return [{
      keyword: error.name,
      instancePath,
      schemaPath: error.schemaPath,
      params,
      message: error.message,
      parentSchema: readPointer(rootSchema, parentPointer) as ErrorObject['parentSchema'],
    }];
  });
  return toValidationIssues(raw).map(placeIssue);
}

/**
 * Moves an issue about the whole request to the field it concerns: a date-order failure shows
 * under the later date.
 */
export function placeIssue(issue: ValidationIssue): ValidationIssue {
  if (issue.key === 'dateOrder' && typeof issue.params.end === 'string')
    return { ...issue, path: `${issue.path}/${issue.params.end}` };
  return issue;
}

const API_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** An issue's text in the language; a date limit (the date ceiling) reads as the form shows dates, dd.MM.yyyy. */
export function issueText(issue: ValidationIssue, locale: FormLocale): string {
  const limit = issue.params.limit;
  const match = typeof limit === 'string' ? API_DATE.exec(limit) : null;
  const params = match ? { ...issue.params, limit: `${match[3]}.${match[2]}.${match[1]}` } : issue.params;
  return formatIssue({ ...issue, params }, locale);
}

/** An issue as an RJSF error: `name` is the message key, `message` its text in the language. */
export function issueToRjsfError(issue: ValidationIssue, locale: FormLocale): RJSFValidationError {
  const message = issueText(issue, locale);
  return { name: issue.key, property: pointerToProperty(issue.path), message, params: issue.params, stack: message };
}

/** Issues (e.g. a server's answer) as an RJSF error tree, each message at its field. */
export function issuesToErrorSchema(issues: readonly ValidationIssue[], locale: FormLocale): ErrorSchema {
  const root: Record<string, unknown> = {};
  for (const issue of issues.map(placeIssue)) {
    let node = root;
    for (const segment of issue.path.split('/').slice(1)) {
      node[segment] = (node[segment] as Record<string, unknown> | undefined) ?? {};
      node = node[segment] as Record<string, unknown>;
    }
    const list = (node.__errors as string[] | undefined) ?? [];
    const message = issueText(issue, locale);
    if (!list.includes(message)) list.push(message);
    node.__errors = list;
  }
  return root as ErrorSchema;
}

/** Message keys of the science domain and field rules (shares and duplicates). */
const SCIENCE_KEYS: readonly ValidationMessageKey[] = ['domainSharesTotal', 'fieldSharesTotal', 'duplicateDomains', 'duplicateFields'];

/**
 * Which failure toast a failed submit raises: empty required fields first (an empty form fails
 * the science shares too, and a toast naming only those sent people to the wrong fields), then the
 * science one, the date one, or none.
 */
export function failureToastOf(keys: readonly string[]): 'required' | 'science' | 'dates' | null {
  if (keys.includes('required')) return 'required';
  if (keys.some((key) => (SCIENCE_KEYS as readonly string[]).includes(key))) return 'science';
  if (keys.includes('dateOrder')) return 'dates';
  return null;
}
