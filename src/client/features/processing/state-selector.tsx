import { Checkbox, Form } from 'semantic-ui-react';
import { useTranslation } from 'react-i18next';
import { useStateLabel } from '@/client/engine/renderers';

/** What the lead receives when staff save a state: the i18n key under `processing.leadGets`. */
export type LeadMail = 'approved' | 'denied' | 'extended' | 'none';

/**
 * One-hot choice of the target state among the initial state's staff options, as a column of large
 * choices each saying what the lead will receive, so staff know before saving which state sends mail.
 */
export function StateSelector({
  options,
  value,
  onChange,
  mailFor,
}: {
  options: readonly string[];
  value: string;
  onChange(state: string): void;
  /** What the lead is mailed if this state is saved with the screen's defaults. */
  mailFor(state: string): LeadMail;
}) {
  const { t } = useTranslation();
  const label = useStateLabel();
  return (
    <Form.Group grouped className="state-selector" role="radiogroup" aria-label={t('processing.state')}>
      <label>{t('processing.state')}</label>
      {options.map((state) => (
        <Form.Field key={state} className={value === state ? 'state-option chosen' : 'state-option'}>
          <Checkbox
            radio
            id={`target-state-${state}`}
            name="target-state"
            value={state}
            label={label(state)}
            checked={value === state}
            onChange={() => onChange(state)}
            data-state-option={state}
            aria-describedby={`target-state-${state}-mail`}
          />
          <div id={`target-state-${state}-mail`} className="state-option-mail" data-lead-mail={mailFor(state)}>
            {t(`processing.leadGets.${mailFor(state)}`)}
          </div>
        </Form.Field>
      ))}
    </Form.Group>
  );
}
