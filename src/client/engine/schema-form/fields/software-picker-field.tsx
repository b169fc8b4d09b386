import { useMemo } from 'react';
import type { FieldProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { fieldData } from '../field-data';
import { MultiSelect } from './multi-select';

/** The applications wanted (`ui:field: softwarePicker`): a multi-select of the installed-software list. */
export function SoftwarePickerField(props: FieldProps<string[]>) {
  const { formData, disabled, readonly, fieldPathId, uiSchema } = props;
  const { t } = useTranslation();
  const { data, isFetching } = fieldData().useInstalledSoftware();
  const options = useMemo(() => {
    const names = new Set([...(data ?? []).map((s) => s.name), ...(formData ?? [])]);
    return [...names].map((name) => ({ key: name, value: name, text: name }));
  }, [data, formData]);
  return (
    <MultiSelect
      id={fieldPathId.$id}
      className="software-picker"
      title={String(uiSchema?.['ui:title'] ?? '')}
      loading={isFetching}
      placeholder={t('requestForm.chooseSoftware')}
      noResultsMessage={t('requestForm.noResults')}
      options={options}
      value={formData ?? []}
      disabled={!!(disabled || readonly)}
      onChange={(next) => props.onChange(next, fieldPathId.path)}
    />
  );
}
