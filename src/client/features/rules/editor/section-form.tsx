import { useMemo } from 'react';
import Form from '@rjsf/semantic-ui';
import type { IChangeEvent } from '@rjsf/core';
import type { ErrorSchema } from '@rjsf/utils';
import validator from '@rjsf/validator-ajv8';
import type { RuleDraftProblem } from '@generated';
import { applySectionForm, placeProblems, sectionForm, type EditorSection } from './editor-sections';

type Json = Record<string, unknown>;

/**
 * One section of the rules editor: its meta-schema drawn by RJSF over the draft's document, the
 * check's problems at the fields they concern. The form has no rules of its own (the server's
 * checks are the rules); a change hands the whole document back.
 */
export function SectionForm({ section, doc, problems, locale, onChange }: {
  section: EditorSection;
  doc: Json;
  problems: readonly RuleDraftProblem[];
  locale: 'hr' | 'en';
  onChange: (doc: Json) => void;
}) {
  const { schema, uiSchema, formData } = useMemo(() => sectionForm(section, doc, locale), [section, doc, locale]);
  const { errors } = useMemo(() => placeProblems(section, problems, locale), [section, problems, locale]);
  return (
    <Form
      className="schema-form rules-editor-form"
      idPrefix={`rules-${section.key.replace(/\W/g, '-')}`}
      schema={schema}
      uiSchema={uiSchema}
      formData={formData}
      validator={validator}
      extraErrors={errors as ErrorSchema}
      showErrorList={false}
      noHtml5Validate
      noValidate
      onChange={(event: IChangeEvent<Json>) => onChange(applySectionForm(section, doc, event.formData ?? {}))}
    />
  );
}
