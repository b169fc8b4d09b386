import { useEffect, useRef, useState } from 'react';
import { Button, Input } from 'semantic-ui-react';
import type { FieldProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { FieldLabel } from './field-label';
import { displayDate, storedDate } from './request-date';

/**
 * A request date (`ui:field: requestDate`): typed or picked as dd.MM.yyyy, stored as yyyy-MM-dd,
 * no later than the schema's `formatMaximum` (the date ceiling). Read-only ones (the institutional
 * end, registry dates) only show the date.
 */
export function RequestDateField(props: FieldProps<string>) {
  const { schema, formData, disabled, readonly, fieldPathId, uiSchema, required, rawErrors } = props;
  const { t } = useTranslation();
  const picker = useRef<HTMLInputElement>(null);
  const [text, setText] = useState(() => displayDate(formData));
  const max = typeof schema.formatMaximum === 'string' ? schema.formatMaximum : undefined;
  const locked = !!(disabled || readonly);

  // A value set from outside (following the start date, a reset) replaces what is shown.
  useEffect(() => {
    if (storedDate(text) !== formData) setText(displayDate(formData));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [formData]);

  const change = (next: string) => {
    setText(next);
    props.onChange(storedDate(next), fieldPathId.path);
  };
  return (
    <div className="request-date">
      {/* A required date that follows another (the institutional end) is still required: it keeps its asterisk. */}
      <FieldLabel text={String(uiSchema?.['ui:title'] ?? '')} required={required && !disabled} htmlFor={fieldPathId.$id} />
      <div className="request-date-inputs">
        <Input
          id={fieldPathId.$id}
          placeholder={t('requestForm.datePlaceholder')}
          value={text}
          readOnly={locked}
          disabled={disabled}
          error={!!rawErrors?.length}
          onChange={(_e, data) => change(String(data.value))}
        />
        {!locked && (
          <>
            <Button
              type="button"
              basic
              icon="calendar alternate outline"
              aria-label={t('requestForm.pickDate')}
              title={t('requestForm.pickDate')}
              onClick={() => picker.current?.showPicker?.()}
            />
            <input
              ref={picker}
              type="date"
              className="request-date-picker"
              tabIndex={-1}
              aria-hidden
              max={max}
              value={formData && /^\d{4}-\d{2}-\d{2}$/.test(formData) ? formData : ''}
              onChange={(e) => change(displayDate(e.target.value))}
            />
          </>
        )}
      </div>
    </div>
  );
}
