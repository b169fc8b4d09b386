import { Button, Segment } from 'semantic-ui-react';
import { AccessibleDropdown } from '@/client/shared/accessible-dropdown';
import type { ErrorSchema } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { useLocaleText } from '@/client/engine/locale-text';
import { errorsAt, FieldErrors } from './field-errors';
import { PercentInput } from './percent-input';
import type { DomainShareValue, ScienceChoice, ScienceDomainChoice } from './science-domains';

export interface DomainBlockProps {
  id: string;
  index: number;
  domain: DomainShareValue;
  choices: readonly ScienceDomainChoice[];
  domainStep: number;
  fieldStep: number;
  errorSchema: ErrorSchema | undefined;
  disabled: boolean;
  canRemove: boolean;
  onChooseDomain: (choice: ScienceDomainChoice) => void;
  onDomainPercent: (percent: number | undefined) => void;
  onChooseField: (fieldIndex: number, choice: ScienceChoice) => void;
  onFieldPercent: (fieldIndex: number, percent: number | undefined) => void;
  onAddField: () => void;
  onRemoveField: (fieldIndex: number) => void;
  onRemove: () => void;
}

/** One scientific domain with its share and its fields with their shares. */
export function DomainBlock(props: DomainBlockProps) {
  const { id, index, domain, choices, errorSchema, disabled } = props;
  const { t } = useTranslation();
  const text = useLocaleText();
  const chosen = choices.find((c) => c.value === domain.name.value);
  const domainOptions = choices.map((c) => ({ key: c.value, value: c.value, text: text(c.label) }));
  const fieldOptions = (chosen?.fields ?? []).map((f) => ({ key: f.value, value: f.value, text: text(f.label) }));
  return (
    <Segment className="domain-block" data-testid={`domain-${index}`}>
      <div className="domain-row">
        <div className="domain-name">
          <label htmlFor={`${id}-domain`}>{t('requestForm.domain')}</label>
          <AccessibleDropdown
            id={`${id}-domain`}
            selection
            search
            fluid
            placeholder={t('requestForm.chooseDomain')}
            options={domainOptions}
            value={domain.name.value || undefined}
            disabled={disabled}
            error={errorsAt(errorSchema, 'name', 'value').length > 0}
            onChange={(_e, data) => {
              const choice = choices.find((c) => c.value === data.value);
              if (choice) props.onChooseDomain(choice);
            }}
          />
          <FieldErrors messages={[...errorsAt(errorSchema, 'name', 'value'), ...errorsAt(errorSchema, 'name'), ...errorsAt(errorSchema)]} />
        </div>
        <PercentInput
          id={`${id}-percent`}
          value={domain.percent}
          step={props.domainStep}
          disabled={disabled}
          errors={errorsAt(errorSchema, 'percent')}
          onChange={props.onDomainPercent}
        />
        {props.canRemove && !disabled && (
          <Button type="button" basic icon="trash alternate" aria-label={t('requestForm.removeDomain')} title={t('requestForm.removeDomain')} onClick={props.onRemove} />
        )}
      </div>
      <div className="field-rows">
        {domain.scientificfields.map((field, j) => (
          <div className="domain-row field-row" key={j} data-testid={`domain-${index}-field-${j}`}>
            <div className="domain-name">
              <label htmlFor={`${id}-field-${j}`}>{t('requestForm.field')}</label>
              <AccessibleDropdown
                id={`${id}-field-${j}`}
                selection
                search
                fluid
                placeholder={t('requestForm.chooseField')}
                options={fieldOptions}
                value={field.name.value || undefined}
                disabled={disabled || !chosen}
                error={errorsAt(errorSchema, 'scientificfields', j, 'name', 'value').length > 0}
                onChange={(_e, data) => {
                  const choice = chosen?.fields.find((f) => f.value === data.value);
                  if (choice) props.onChooseField(j, choice);
                }}
              />
              <FieldErrors messages={[...errorsAt(errorSchema, 'scientificfields', j, 'name', 'value'), ...errorsAt(errorSchema, 'scientificfields', j)]} />
            </div>
            <PercentInput
              id={`${id}-field-${j}-percent`}
              value={field.percent}
              step={props.fieldStep}
              disabled={disabled}
              errors={errorsAt(errorSchema, 'scientificfields', j, 'percent')}
              onChange={(percent) => props.onFieldPercent(j, percent)}
            />
            {j > 0 && !disabled ? (
              <Button type="button" basic icon="minus" aria-label={t('requestForm.removeField')} title={t('requestForm.removeField')} onClick={() => props.onRemoveField(j)} />
            ) : (
              <span className="row-action-placeholder" />
            )}
          </div>
        ))}
        <FieldErrors messages={errorsAt(errorSchema, 'scientificfields')} />
        {!disabled && (
          <Button type="button" basic size="small" icon="plus" content={t('requestForm.addField')} onClick={props.onAddField} />
        )}
      </div>
    </Segment>
  );
}
