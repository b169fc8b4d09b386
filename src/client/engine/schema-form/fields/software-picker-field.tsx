import { useMemo } from 'react';
import { AccessibleDropdown } from '@/client/shared/accessible-dropdown';
import type { FieldProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { fieldData } from '../field-data';
import { FieldLabel } from './field-label';

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
    <div className="software-picker">
      <FieldLabel text={String(uiSchema?.['ui:title'] ?? '')} htmlFor={fieldPathId.$id} />
      <AccessibleDropdown
        id={fieldPathId.$id}
        multiple
        search
        selection
        fluid
        loading={isFetching}
        placeholder={t('requestForm.chooseSoftware')}
        noResultsMessage={t('requestForm.noResults')}
        options={options}
        value={formData ?? []}
        disabled={!!(disabled || readonly)}
        onChange={(_e, d) => {
          const next = (d.value as string[]) ?? [];
          props.onChange(next.length ? next : undefined, fieldPathId.path);
        }}
      />
    </div>
  );
}
