import { Input } from 'semantic-ui-react';
import { useTranslation } from 'react-i18next';
import { parsePercent, percentOutOfRange } from './science-domains';
import { FieldErrors } from './field-errors';

/**
 * A share in percent (0-100, step from the schema). A value outside 1..100 shows the spec's '0-100'
 * at once; validation messages of the share show under it.
 */
export function PercentInput({
  id,
  value,
  step,
  disabled,
  errors,
  onChange,
}: {
  id: string;
  value: number | undefined;
  step: number;
  disabled?: boolean;
  errors: readonly string[];
  onChange: (percent: number | undefined) => void;
}) {
  const { t } = useTranslation();
  const hint = percentOutOfRange(value) ? [t('requestForm.percentRange')] : [];
  return (
    <div className="percent-input">
      <Input
        id={id}
        type="number"
        min={0}
        max={100}
        step={step}
        label={{ basic: true, content: '%' }}
        labelPosition="right"
        aria-label={t('requestForm.percent')}
        value={value ?? ''}
        disabled={disabled}
        error={hint.length > 0 || errors.length > 0}
        onChange={(_e, data) => onChange(parsePercent(String(data.value)))}
      />
      <FieldErrors messages={[...hint, ...errors.filter((m) => !hint.includes(m))]} />
    </div>
  );
}
