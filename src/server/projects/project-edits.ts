/**
 * Which fields a staff change edits, and whether the edits keep the rules of the project's request
 * form. Only fields whose value differs from the stored one count as edited: the processing screen
 * sends every field back, and a stored value that a later rule would refuse (an end date moved past
 * the date ceiling by an approved extension) must not block an unrelated edit.
 */
import type { ValidateFunction } from 'ajv';
import type { ProjectChangeBody } from '@generated';
import type { SchemaSet } from '@/schema-runtime';
import { schemaIdOf, toValidationIssues } from '@/schema-runtime';
import { ApiError, msg } from '@/server/errors';
import type { ProjectRecord } from '@/server/projects/queries';
import { validationError } from './request-checks';
import { formSchemaId, requestTypeOf } from './state-rules';

/** The stored fields staff may edit, as named in the change payload and on the row. */
export const EDITABLE_FIELDS = [
  'name',
  'reason',
  'date_start',
  'date_end',
  'science_field',
  'science_software',
  'science_extrasoftware',
  'science_extrasoftware_help',
  'resources_numbers',
  'resources_type',
  'staff_resources_type',
] as const;

export type EditableField = (typeof EDITABLE_FIELDS)[number];
/** The edited fields with their new values. */
export type Edits = Partial<Pick<Required<ProjectChangeBody>, EditableField>>;

/** JSON with object keys sorted, so that key order does not make equal values differ. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value as object)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(value ?? null);
}

/** The fields of `body` whose values differ from the row's. */
export function editsOf(row: ProjectRecord, body: ProjectChangeBody): Edits {
  const edits: Record<string, unknown> = {};
  for (const field of EDITABLE_FIELDS) {
    const value = body[field];
    if (value !== undefined && canonical(value) !== canonical(row[field])) edits[field] = value;
  }
  return edits as Edits;
}

const validators = new WeakMap<SchemaSet, Map<string, ValidateFunction>>();

/** A validator checking each present field against the same-named property of the form schema. */
function formFieldsValidator(schemas: SchemaSet, formId: string): ValidateFunction {
  const cache = validators.get(schemas) ?? new Map<string, ValidateFunction>();
  validators.set(schemas, cache);
  const cached = cache.get(formId);
  if (cached) return cached;
  const id = schemaIdOf(formId);
  const form = schemas.schema(id) as { properties?: Record<string, unknown> };
  const fields = EDITABLE_FIELDS.filter((f) => form.properties?.[f] !== undefined);
  const validator = schemas.ajv.compile({
    type: 'object',
    properties: Object.fromEntries(fields.map((f) => [f, { $ref: `${id}#/properties/${f}` }])),
  });
  cache.set(formId, validator);
  return validator;
}

/**
 * Refuses edits that break the project's request form rules (limits, shares, date ceiling) or put
 * the start after the end. The one-year span of institutional projects is not re-checked: staff
 * may legitimately lengthen a project.
 */
export function assertEditsValid(schemas: SchemaSet, row: ProjectRecord, edits: Edits): void {
  const rule = requestTypeOf(schemas, row.project_type_name);
  if (rule) {
    const validate = formFieldsValidator(schemas, formSchemaId(rule));
    if (!validate(edits)) throw validationError(toValidationIssues(validate.errors));
  }
  const start = edits.date_start ?? row.date_start;
  const end = edits.date_end ?? row.date_end;
  if (start && end && start > end)
    throw new ApiError('validationFailed', msg('startAfterEnd', { start, end }), {
      issues: [{ path: '/date_end', key: 'dateOrder', params: {} }],
    });
}
