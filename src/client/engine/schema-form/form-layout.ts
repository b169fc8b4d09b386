import type { UiSchema } from '@rjsf/utils';
import type { FormLocale } from './form-errors';

type Json = Record<string, unknown>;

type Labelled = { label?: Record<FormLocale, string> };

/** The `label` of each `const` of a vocabulary property, when every entry has one. */
function choiceLabels(property: Json): Record<FormLocale, string>[] | undefined {
  const entries = property.oneOf as (Json & Labelled)[] | undefined;
  if (!Array.isArray(entries) || !entries.every((e) => e.const !== undefined && e.label)) return undefined;
  return entries.map((e) => e.label!);
}

/**
 * The RJSF layout of a form in a language: the schema's own `uiSchema` annotation, each property's
 * title from its `label` annotation, the choices of a vocabulary property (a `oneOf` of labelled
 * `const`s) by their labels, and the submit button's text (or no button); a blocked button is
 * shown disabled.
 */
export function formLayout(schema: Json, layout: UiSchema, locale: FormLocale, submitText: string | null, submitBlocked = false): UiSchema {
  const properties = (schema.properties ?? {}) as Record<string, Json>;
  const out: UiSchema = { ...layout };
  for (const [name, property] of Object.entries(properties)) {
    const label = (property as Labelled).label;
    const choices = choiceLabels(property);
    if (!label && !choices) continue;
    out[name] = {
      ...(layout[name] as UiSchema | undefined),
      ...(label ? { 'ui:title': label[locale] } : {}),
      ...(choices ? { oneOf: choices.map((c) => ({ 'ui:title': c[locale] })) } : {}),
    };
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
