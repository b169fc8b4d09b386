import { memo, useMemo, useState } from 'react';
import { Button, Form, Input } from 'semantic-ui-react';
import { AccessibleDropdown } from '@/client/shared/accessible-dropdown';
import { useTranslation } from 'react-i18next';
import type { FilterSpec } from '@/schema-runtime/table-layout';
import { YES_NO, type FilterValues, type ResolvedOptions } from '@/schema-runtime/grid-filters';
import { useLocaleText, type LocaleText } from '../locale-text';
import { useI18nKey } from './use-i18n-key';

type FilterValue = FilterValues[string];
type Choices = ResolvedOptions[string];

/** How many filters are set to something other than "all" (for the phone's toggle). */
function activeCount(filters: readonly FilterSpec[], values: FilterValues): number {
  return filters.filter((f) => {
    const value = values[f.key];
    if (Array.isArray(value)) return value.length > 0;
    return Boolean(value) && value !== YES_NO.all && !(f.kind === 'select' && value === f.allValue);
  }).length;
}

/**
 * The filter inputs of a layout, in layout order: text boxes and dropdowns. On a phone five
 * stacked filters pushed the first row below the fold, so there they fold behind a toggle that
 * says how many are set; a wide screen always shows them (the toggle is hidden by CSS).
 */
export function FilterBar({
  filters,
  values,
  options,
  onChange,
}: {
  filters: readonly FilterSpec[];
  values: FilterValues;
  options: ResolvedOptions;
  /** Pass a stable function: each field re-renders only when its own value changes. */
  onChange(key: string, value: string | string[]): void;
}) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  const active = activeCount(filters, values);
  return (
    <Form as="div" className={shown ? 'grid-filter-bar shown' : 'grid-filter-bar'} size="small">
      <Button
        type="button"
        basic
        size="small"
        className="grid-filter-toggle"
        icon={shown ? 'angle up' : 'filter'}
        aria-expanded={shown}
        content={active > 0 ? t('grid.filters.toggleActive', { n: active }) : t('grid.filters.toggle')}
        onClick={() => setShown((s) => !s)}
      />
      <Form.Group widths="equal">
        {filters.map((filter) => (
          <FilterField key={filter.key} filter={filter} value={values[filter.key]} choices={options[filter.key]} onChange={onChange} />
        ))}
      </Form.Group>
    </Form>
  );
}

/**
 * One filter input. Memoised, so a keystroke in one text box re-renders that box only, not every
 * dropdown of the bar with its option list.
 */
const FilterField = memo(function FilterField({
  filter,
  value,
  choices,
  onChange,
}: {
  filter: FilterSpec;
  value: FilterValue;
  choices: Choices | undefined;
  onChange(key: string, value: string | string[]): void;
}) {
  const { t, i18n } = useTranslation();
  const tk = useI18nKey();
  const text = useLocaleText();
  const label = tk(filter.labelKey);
  const id = `grid-filter-${filter.key}`;
  const allValue = filter.kind === 'select' ? filter.allValue : undefined;
  const dropdownOptions = useMemo(() => {
    if (filter.kind === 'text') return [];
    if (filter.kind === 'yesNo') return Object.values(YES_NO).map((v) => ({ key: v, value: v, text: t(`grid.filters.yesNo.${v}`) }));
    const optionText = (o: { value: string; label?: unknown }) =>
      o.value === allValue && !o.label ? t('grid.filters.all') : o.label ? text(o.label as LocaleText) : o.value;
    return (choices ?? []).map((o) => ({ key: o.value, value: o.value, text: optionText(o) }));
    // The texts follow the language; `t` and `text` are new functions on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [filter, choices, allValue, i18n.language]);
  return (
    <Form.Field data-filter={filter.key}>
      <label htmlFor={id}>{label}</label>
      {filter.kind === 'text' && (
        <Input id={id} icon="search" value={(value as string | undefined) ?? ''} onChange={(_e, d) => onChange(filter.key, String(d.value))} />
      )}
      {(filter.kind === 'select' || filter.kind === 'multi' || filter.kind === 'yesNo') && (
        <AccessibleDropdown
          id={id}
          selection
          fluid
          clearable={filter.kind === 'multi'}
          multiple={filter.kind === 'multi'}
          aria-label={label}
          value={value ?? (filter.kind === 'multi' ? [] : filter.kind === 'yesNo' ? YES_NO.all : filter.allValue)}
          options={dropdownOptions}
          onChange={(_e, d) => onChange(filter.key, d.value as string | string[])}
        />
      )}
    </Form.Field>
  );
});
