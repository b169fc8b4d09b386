import type { UiSchema } from '@rjsf/utils';
import type { FormLocale } from './form-errors';

type Json = Record<string, unknown>;

/**
 * The RJSF layout of a form in a language: the schema's own `uiSchema` annotation, each property's
 * title from its `label` annotation, and the submit button's text (or no button); a blocked button
 * is shown disabled.
 */
export function formLayout(schema: Json, layout: UiSchema, locale: FormLocale, submitText: string | null, submitBlocked = false): UiSchema {
  const properties = (schema.properties ?? {}) as Record<string, Json>;
  const out: UiSchema = { ...layout };
  for (const [name, property] of Object.entries(properties)) {
    const label = property.label as Record<FormLocale, string> | undefined;
    if (label) out[name] = { ...(layout[name] as UiSchema | undefined), 'ui:title': label[locale] };
  }
  out['ui:submitButtonOptions'] =
    submitText === null ? { norender: true } : { submitText, ...(submitBlocked ? { props: { disabled: true } } : {}) };
  return out;
}

/**
 * The data a new form starts with: every property fixed by `const` (project type, state) and the
 * given values. The science field starts with one empty domain row.
 */
export function initialFormData(schema: Json, given: Json = {}): Json {
  const properties = (schema.properties ?? {}) as Record<string, Json>;
  const fixed = Object.fromEntries(
    Object.entries(properties).filter(([, p]) => p.const !== undefined).map(([name, p]) => [name, p.const]),
  );
  return { ...fixed, ...given };
}
