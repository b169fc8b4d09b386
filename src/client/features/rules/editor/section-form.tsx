import { useCallback, useMemo } from 'react';
import Form, { Templates } from '@rjsf/semantic-ui';
import type { IChangeEvent } from '@rjsf/core';
import { englishStringTranslator, TranslatableString, type ErrorSchema, type IconButtonProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import validator from '@rjsf/validator-ajv8';
import type { RuleDraftProblem } from '@generated';
import type { SchemaDoc } from '@/schema-runtime/schema-catalog';
import { NativeSelectWidget } from './native-select-widget';
import { applySectionForm, placeProblems, sectionForm, type EditorSection } from './editor-sections';

type Json = Record<string, unknown>;

const ThemeAddButton = Templates.ButtonTemplates!.AddButton!;
/**
 * The theme's add button, handed only the click: Semantic's Button calls `onClick(event, props)`,
 * and RJSF reads a second argument as the place to insert, which put a new entry first.
 */
function AddButton(props: IconButtonProps) {
  const { onClick } = props;
  return <ThemeAddButton {...props} onClick={(event) => onClick?.(event)} />;
}
const TEMPLATES = { ButtonTemplates: { AddButton } };
const WIDGETS = { SelectWidget: NativeSelectWidget };

/** RJSF's texts of the list buttons the editor draws, in the reader's language (the rest stay RJSF's). */
const BUTTON_KEYS = {
  [TranslatableString.AddItemButton]: 'rules.editor.formButtons.add',
  [TranslatableString.AddButton]: 'rules.editor.formButtons.add',
  [TranslatableString.RemoveButton]: 'rules.editor.formButtons.remove',
  [TranslatableString.MoveUpButton]: 'rules.editor.formButtons.moveUp',
  [TranslatableString.MoveDownButton]: 'rules.editor.formButtons.moveDown',
} as const;

/**
 * One section of the rules editor: its meta-schema drawn by RJSF over the draft's document, the
 * check's problems at the fields they concern. The form has no rules of its own (the server's
 * checks are the rules); a change hands the whole document back. `files` are the draft's documents
 * (choices a field takes from another one), `live` the edited file as published (what stored data
 * names stays fixed).
 */
export function SectionForm({ section, doc, files, live, problems, locale, onChange }: {
  section: EditorSection;
  doc: Json;
  files: Record<string, Json>;
  live: Json | undefined;
  problems: readonly RuleDraftProblem[];
  locale: 'hr' | 'en';
  onChange: (doc: Json) => void;
}) {
  const { t } = useTranslation();
  const translateString = useCallback(
    (text: TranslatableString, params?: string[]) => (text in BUTTON_KEYS ? t(BUTTON_KEYS[text as keyof typeof BUTTON_KEYS]) : englishStringTranslator(text, params)),
    [t],
  );
  const docs = useMemo(() => Object.values(files) as SchemaDoc[], [files]);
  const { schema, uiSchema, formData } = useMemo(() => sectionForm(section, doc, locale, { docs, live }), [section, doc, locale, docs, live]);
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
      translateString={translateString}
      templates={TEMPLATES}
      widgets={WIDGETS}
      onChange={(event: IChangeEvent<Json>) => onChange(applySectionForm(section, doc, event.formData ?? {}, live))}
    />
  );
}
