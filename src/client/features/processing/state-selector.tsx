import { Checkbox, Form } from 'semantic-ui-react';
import { useTranslation } from 'react-i18next';
import { useStateLabel } from '../../engine/renderers';

/** One-hot choice of the target state among the initial state's staff options. */
export function StateSelector({ options, value, onChange }: { options: readonly string[]; value: string; onChange(state: string): void }) {
  const { t } = useTranslation();
  const label = useStateLabel();
  return (
    <Form.Group inline className="state-selector" role="radiogroup" aria-label={t('processing.state')}>
      <label>{t('processing.state')}</label>
      {options.map((state) => (
        <Form.Field key={state}>
          <Checkbox radio id={`target-state-${state}`} name="target-state" value={state} label={label(state)} checked={value === state} onChange={() => onChange(state)} data-state-option={state} />
        </Form.Field>
      ))}
    </Form.Group>
  );
}
