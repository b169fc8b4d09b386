import { useMemo } from 'react';
import { Button } from 'semantic-ui-react';
import type { ErrorSchema, FieldProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { DomainBlock } from './domain-block';
import {
  addDomain,
  addField,
  chooseDomain,
  chooseField,
  emptyDomain,
  readScienceDomains,
  removeDomain,
  removeField,
  setPercent,
  shareSteps,
  type DomainShareValue,
} from './science-domains';
import { FieldLabel } from './field-label';

/**
 * Scientific domains and fields with their shares (`ui:field: scienceDomains`). The vocabulary,
 * the share steps and the rules come from the science-domains schema; the totals and duplicates
 * are judged by the validator on submit.
 */
export function ScienceDomainsField(props: FieldProps<DomainShareValue[]>) {
  const { schema, formData, errorSchema, disabled, readonly, fieldPathId, uiSchema, required } = props;
  const { t } = useTranslation();
  const choices = useMemo(() => readScienceDomains(schema), [schema]);
  const steps = useMemo(() => shareSteps(schema), [schema]);
  const domains = formData && formData.length > 0 ? formData : [emptyDomain()];
  const locked = !!(disabled || readonly);
  const change = (next: DomainShareValue[]) => props.onChange(next, fieldPathId.path);
  const errors = errorSchema as Record<number, ErrorSchema> | undefined;
  return (
    <div className="science-domains" id={fieldPathId.$id}>
      <FieldLabel text={String(uiSchema?.['ui:title'] ?? '')} required={required} />
      {domains.map((domain, i) => (
        <DomainBlock
          key={i}
          id={`${fieldPathId.$id}-${i}`}
          index={i}
          domain={domain}
          choices={choices}
          domainStep={steps.domain}
          fieldStep={steps.field}
          errorSchema={errors?.[i]}
          disabled={locked}
          canRemove={domains.length > 1}
          onChooseDomain={(choice) => change(chooseDomain(domains, i, choice))}
          onDomainPercent={(percent) => change(setPercent(domains, i, percent))}
          onChooseField={(j, choice) => change(chooseField(domains, i, j, choice))}
          onFieldPercent={(j, percent) => change(setPercent(domains, i, percent, j))}
          onAddField={() => change(addField(domains, i))}
          onRemoveField={(j) => change(removeField(domains, i, j))}
          onRemove={() => change(removeDomain(domains, i))}
        />
      ))}
      {!locked && <Button type="button" basic icon="plus" content={t('requestForm.addDomain')} onClick={() => change(addDomain(domains))} />}
    </div>
  );
}
