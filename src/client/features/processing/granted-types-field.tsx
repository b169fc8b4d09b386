import { Button, Form } from 'semantic-ui-react';
import { useTranslation } from 'react-i18next';
import { AccessibleDropdown } from '@/client/shared/accessible-dropdown';
import { ResourceTags, useResourceTypeText } from '@/client/engine/renderers';
import { resourceTypes } from './vocabularies';

const sameTypes = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((v) => b.includes(v));

/**
 * The granted resource types, with the requested ones beside them: approving pre-fills the
 * vocabulary's default type when none is granted, which differs from what most requests ask for,
 * so staff see both, can grant the requested ones in one click, and are told which default was put in.
 */
export function GrantedTypesField({
  value,
  requested,
  defaulted,
  onChange,
}: {
  value: readonly string[];
  requested: readonly string[];
  /** The types the state choice pre-filled as the default (empty when none was). */
  defaulted: readonly string[];
  onChange(types: string[]): void;
}) {
  const { t } = useTranslation();
  const typeText = useResourceTypeText();
  const options = resourceTypes().map((r) => ({ key: r.value, value: r.value, text: typeText(r.value) }));
  const showDefault = defaulted.length > 0 && sameTypes(value, defaulted) && !sameTypes(value, requested);
  return (
    <Form.Field>
      <label htmlFor="staff-resource-types">{t('processing.granted')}</label>
      <AccessibleDropdown
        id="staff-resource-types"
        aria-label={t('processing.granted')}
        multiple
        selection
        clearable
        options={options}
        value={[...value]}
        onChange={(_e, d) => onChange(d.value as string[])}
      />
      {showDefault && (
        <p className="processing-note" data-testid="granted-default-note">
          {t('processing.defaultApplied', { types: defaulted.join(', ') })}
        </p>
      )}
      <div className="processing-requested" data-testid="requested-types">
        <span className="muted">{t('processing.requested')}</span>
        {requested.length > 0 ? <ResourceTags tags={requested} /> : <span>{t('processing.requestedNone')}</span>}
        {requested.length > 0 && !sameTypes(value, requested) && (
          <Button type="button" size="tiny" basic icon="check" content={t('processing.grantAsRequested')} onClick={() => onChange([...requested])} />
        )}
      </div>
    </Form.Field>
  );
}
