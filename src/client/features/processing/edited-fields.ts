import { perSchemaSet } from '@/client/shared/per-schema-set';
import { schemas } from '@/client/shared/schema-set';

/** Fields the processing screen manages itself; the rest of the change payload comes from the request form. */
const SCREEN_FIELDS = new Set(['identifier', 'state', 'requestState', 'staff_resources_type', 'staff_comment', 'staff_emailSend', 'is_active']);

/** Request-form fields the change payload accepts (properties of schemas/api/project-change.json). */
const editable = perSchemaSet(() => Object.keys(schemas.schema('api/project-change').properties as object).filter((key) => !SCREEN_FIELDS.has(key)));

/** The edited request fields the change payload may carry; anything else of the form is dropped. */
export function editedFields(data: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(data).filter(([key, value]) => editable().includes(key) && value !== undefined));
}

/** The request-form values of a project, to show it in the request's own form. */
export function formValuesOf(project: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(project).filter(([, value]) => value !== null && value !== undefined));
}
