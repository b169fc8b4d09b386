import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import Form from '@rjsf/semantic-ui';
import type CoreForm from '@rjsf/core';
import type { IChangeEvent } from '@rjsf/core';
import type { RegistryFieldsType, RegistryWidgetsType, RJSFValidationError } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import type { ValidationIssue } from '@/schema-runtime/validation-messages';
import { useToast } from '@/client/shared/toast/use-toast';
import { useSchemaSetVersion } from '@/client/shared/use-schema-set-version';
import { currentFormSchemas } from './bundled-form-schemas';
import type { FormSchemas } from './form-schemas';
import { failureToastOf, issuesToErrorSchema, issueToRjsfError, rjsfErrorsToIssues, type FormLocale } from './form-errors';
import { formLayout, initialFormData } from './form-layout';
import { emptyDomain } from './fields/science-domains';
import { applyFollowingDates } from './fields/request-date';
import { ReadOnlyListField } from './fields/read-only-list-field';
import { RequestDateField } from './fields/request-date-field';
import { ResourceNumbersField } from './fields/resource-numbers-field';
import { ResourceTypesField } from './fields/resource-types-field';
import { ScienceDomainsField } from './fields/science-domains-field';
import { SoftwarePickerField } from './fields/software-picker-field';
import { RadioGroupWidget } from './fields/radio-group-widget';
import './schema-form.css';

type Data = Record<string, unknown>;

/** Our fields, named as the request schemas' `uiSchema` annotations name them. */
const FIELDS: RegistryFieldsType = {
  scienceDomains: ScienceDomainsField,
  resourceNumbers: ResourceNumbersField,
  requestDate: RequestDateField,
  softwarePicker: SoftwarePickerField,
  resourceTypes: ResourceTypesField,
  readOnlyList: ReadOnlyListField,
};

/** Widgets replacing the theme's: radio choices as one named group. */
const WIDGETS: RegistryWidgetsType = { RadioWidget: RadioGroupWidget };

export interface SchemaFormProps {
  /** The request schema file of schemas/requests (the `form` of requests/index.json), or another schema's short name (`api/…`). */
  form: string;
  /** The submit button's text; a request form's by default. */
  submitText?: string;
  /** Values the form starts with (e.g. a registry project); properties fixed by `const` are added. */
  initialData?: Data;
  /** Shows the form greyed out and without a submit button (a type not accepting requests). */
  disabled?: boolean;
  /** With `disabled`: the values read as text at full contrast (a review screen), not as faded fields. */
  asText?: boolean;
  /** The user may not submit (e.g. a foreign researcher): the submit button is shown disabled. */
  submitBlocked?: boolean;
  /** While the request is being sent: the button waits. */
  submitting?: boolean;
  /** Staff and superusers are offered staff-only resource types; the form validates for the caller's role. */
  isStaff: boolean;
  /** Where the server refused the last payload; shown in place like the form's own messages. */
  serverIssues?: readonly ValidationIssue[];
  /** Called with the valid payload. */
  onSubmit: (data: Data) => void;
  /** The schemas to draw from and validate by (a draft's, in the rules editor's preview); the set in use when absent. */
  formSchemas?: FormSchemas;
  /** Prefix of the fields' ids (RJSF's `root` when absent), for a form beside another on one page. */
  idPrefix?: string;
}

/**
 * A form drawn from its JSON Schema (a request form, or another body schema such as the mail
 * preferences): RJSF with the semantic theme, our fields and the runtime's validator. Messages are
 * the runtime's texts in the interface language, each in its place; a failed submit raises the
 * spec's science or date toast. It follows the schema set in use: a set that goes live while
 * the form is open changes its limits and messages without losing what was typed.
 */
export default function SchemaForm({ form, submitText, initialData, disabled, asText, submitBlocked, submitting, isStaff, serverIssues, onSubmit, formSchemas: given, idPrefix }: SchemaFormProps) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const locale: FormLocale = i18n.language === 'en' ? 'en' : 'hr';
  // Another schema set going live re-renders the form with the new schema and validator; its
  // state (what was typed) stays, and RJSF drops the messages of the old schema.
  useSchemaSetVersion();
  const formSchemas = given ?? currentFormSchemas();
  const { schema, uiSchema: layout } = formSchemas.form(form);
  const [submitted, setSubmitted] = useState(false);
  const formRef = useRef<CoreForm>(null);

  const uiSchema = useMemo(
    () => formLayout(schema as Data, layout, locale, disabled && !submitBlocked ? null : (submitText ?? t('requestForm.submit')), submitBlocked),
    [schema, layout, locale, disabled, submitBlocked, submitText, t],
  );
  const [formData, setFormData] = useState<Data>(() => {
    const science = Object.entries(layout).filter(([, ui]) => (ui as Data | undefined)?.['ui:field'] === 'scienceDomains');
    const defaults = Object.fromEntries(science.map(([name]) => [name, [emptyDomain()]]));
    return applyFollowingDates(initialFormData(schema as Data, { ...defaults, ...initialData }), layout);
  });
  const formContext = useMemo(() => ({ isStaff }), [isStaff]);
  const transformErrors = useCallback(
    (errors: RJSFValidationError[]) => rjsfErrorsToIssues(errors, schema).map((issue) => issueToRjsfError(issue, locale)),
    [schema, locale],
  );
  const extraErrors = useMemo(() => (serverIssues?.length ? issuesToErrorSchema(serverIssues, locale) : undefined), [serverIssues, locale]);

  // Messages already shown follow a change of language.
  useEffect(() => {
    if (submitted) formRef.current?.validateForm();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [locale]);

  const onChange = useCallback((event: IChangeEvent<Data>) => setFormData(applyFollowingDates(event.formData ?? {}, layout)), [layout]);
  const onError = useCallback(
    (errors: RJSFValidationError[]) => {
      setSubmitted(true);
      const which = failureToastOf(errors.map((e) => e.name ?? ''));
      if (which) toast.error(t(`requestForm.${which}Failed`));
    },
    [toast, t],
  );
  const submit = useCallback(
    (event: IChangeEvent<Data>) => {
      setSubmitted(true);
      if (!submitting && !submitBlocked && event.formData) onSubmit(event.formData);
    },
    [onSubmit, submitting, submitBlocked],
  );

  return (
    <Form
      ref={formRef}
      idPrefix={idPrefix}
      className={['schema-form', submitting && 'loading', disabled && asText && 'as-text'].filter(Boolean).join(' ')}
      schema={schema}
      uiSchema={uiSchema}
      validator={formSchemas.validator(isStaff ? 'staff' : 'user')}
      fields={FIELDS}
      widgets={WIDGETS}
      formData={formData}
      formContext={formContext}
      transformErrors={transformErrors}
      extraErrors={extraErrors}
      showErrorList={false}
      noHtml5Validate
      liveValidate={submitted ? 'onChange' : undefined}
      disabled={disabled}
      onChange={onChange}
      onError={onError}
      onSubmit={submit}
    />
  );
}
