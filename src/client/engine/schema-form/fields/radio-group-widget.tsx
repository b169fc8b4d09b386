import type { WidgetProps } from '@rjsf/utils';
import { optionId } from '@rjsf/utils';
import { Form, Radio } from 'semantic-ui-react';

/**
 * The choices of a `ui:widget: radio` property as one named group: a fieldset whose legend is the
 * property's title, so the label reads with the choices (the theme's own radios carry no group name).
 */
export function RadioGroupWidget({ id, label, hideLabel, required, value, disabled, readonly, onChange, options, rawErrors = [] }: WidgetProps) {
  const choices = options.enumOptions ?? [];
  return (
    <fieldset className="schema-radio-group" id={id}>
      {!hideLabel && label && (
        <legend>
          {label}
          {required && <span className="schema-radio-required" aria-hidden="true"> *</span>}
        </legend>
      )}
      {choices.map((choice, index) => (
        <Form.Field
          key={String(choice.value)}
          control={Radio}
          id={optionId(id, index)}
          name={id}
          label={choice.label}
          value={String(choice.value)}
          checked={choice.value === value}
          disabled={disabled || readonly}
          error={rawErrors.length > 0}
          onChange={() => onChange(choice.value)}
        />
      ))}
    </fieldset>
  );
}
