import type { ErrorSchema, FieldProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { MultiSelect } from './multi-select';
import { errorsAt, FieldErrors } from './field-errors';
import type { LocaleText } from '@/client/engine/locale-text';
import { useResourceTypeText } from '@/client/engine/renderers/resource-tags';

type Json = Record<string, unknown>;
type TypeChoice = { label?: string; value: string };

/** Resource types of the (dereferenced) schema with their `staffOnly` flag and names. */
export function readResourceTypes(resourcesTypeSchema: unknown): { value: string; staffOnly: boolean; label?: LocaleText }[] {
  const items = (resourcesTypeSchema as Json | undefined)?.items as Json | undefined;
  const value = (items?.properties as Json | undefined)?.value as Json | undefined;
  const branches = (value?.oneOf ?? value?.anyOf) as Json[] | undefined;
  return (branches ?? []).map((b) => ({ value: String(b.const), staffOnly: b.staffOnly === true, label: b.label as LocaleText | undefined }));
}

/** Every message of the field's error tree: the list's own and each chosen type's. */
function allErrors(errorSchema: ErrorSchema | undefined): string[] {
  if (!errorSchema) return [];
  const nested = Object.entries(errorSchema as Record<string, unknown>)
    .filter(([key]) => key !== '__errors')
    .flatMap(([, node]) => allErrors(node as ErrorSchema));
  return [...errorsAt(errorSchema), ...nested];
}

/**
 * The resource types asked for (`ui:field: resourceTypes`): a multi-select; staff-only types
 * (PENKALA) are offered only to staff and superusers (`formContext.isStaff`), and the form's
 * validator, built for the caller's role, refuses them for anyone else.
 */
export function ResourceTypesField(props: FieldProps<TypeChoice[]>) {
  const { schema, formData, errorSchema, disabled, readonly, fieldPathId, uiSchema, registry } = props;
  const { t } = useTranslation();
  const typeText = useResourceTypeText();
  const isStaff = (registry.formContext as { isStaff?: boolean } | undefined)?.isStaff === true;
  const options = readResourceTypes(schema)
    .filter((type) => isStaff || !type.staffOnly)
    .map((type) => ({ key: type.value, value: type.value, text: typeText(type.value, type.label) }));
  return (
    <MultiSelect
      id={fieldPathId.$id}
      className="resource-types"
      title={String(uiSchema?.['ui:title'] ?? '')}
      placeholder={t('requestForm.chooseResourceTypes')}
      options={options}
      value={(formData ?? []).map((type) => type.value)}
      disabled={!!(disabled || readonly)}
      onChange={(next) => props.onChange(next?.map((value) => ({ label: value, value })), fieldPathId.path)}
    >
      <FieldErrors messages={allErrors(errorSchema as ErrorSchema | undefined)} />
    </MultiSelect>
  );
}
