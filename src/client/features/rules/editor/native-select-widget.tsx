import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';
import { Form } from 'semantic-ui-react';

/**
 * A choice of the rules editor's form as the page's native select (the theme's dropdown has no
 * accessible name and an incomplete listbox). A value the choices lack shows as none chosen; the
 * empty choice (a setting's "none") hands back an empty text, which the section leaves out.
 */
export function NativeSelectWidget({ id, options, value, disabled, readonly, label, hideLabel, required, rawErrors, onChange }: WidgetProps) {
  const choices = options.enumOptions ?? [];
  const chosen = choices.findIndex((choice) => choice.value === (value ?? ''));
  return (
    <Form.Field required={required} disabled={disabled} error={!!rawErrors?.length}>
      {!hideLabel && label && <label htmlFor={id}>{label}</label>}
      <select
        id={id}
        name={id}
        value={chosen < 0 ? '' : String(chosen)}
        disabled={disabled || readonly}
        aria-describedby={ariaDescribedByIds(id)}
        onChange={(event) => onChange(event.target.value === '' ? undefined : choices[Number(event.target.value)]?.value)}
      >
        {chosen < 0 && <option value="" />}
        {choices.map((choice, i) => (
          <option key={String(choice.value)} value={String(i)}>
            {choice.label}
          </option>
        ))}
      </select>
    </Form.Field>
  );
}
