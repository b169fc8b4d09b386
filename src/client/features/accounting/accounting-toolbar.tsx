import { useTranslation } from 'react-i18next';
import { Button, Form } from 'semantic-ui-react';

/** 'last12', 'all' or a year. */
export type PeriodChoice = 'last12' | 'all' | number;

export interface FilterSpec {
  id: string;
  label: string;
  allLabel: string;
  value: string;
  options: { value: string; text: string }[];
  onChange: (value: string) => void;
}

export interface ToolbarProps {
  cumulative: boolean;
  onCumulative: (value: boolean) => void;
  period: PeriodChoice;
  years: number[];
  onPeriod: (value: PeriodChoice) => void;
  filters: FilterSpec[];
}

/** The window of an accounting answer: the last 12 months, a year with data (newest first) or all. */
export function PeriodField({ id, label, period, years, onPeriod }: { id: string; label: string; period: PeriodChoice; years: readonly number[]; onPeriod: (value: PeriodChoice) => void }) {
  const { t } = useTranslation();
  const periods = [
    { value: 'last12', text: t('accounting.last12') },
    ...[...years].sort((a, b) => b - a).map((y) => ({ value: String(y), text: String(y) })),
    { value: 'all', text: t('accounting.all') },
  ];
  return (
    <Form.Field>
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        className="ui dropdown"
        value={String(period)}
        onChange={(e) => onPeriod(e.target.value === 'last12' || e.target.value === 'all' ? e.target.value : Number(e.target.value))}
      >
        {periods.map((o) => (
          <option key={o.value} value={o.value}>
            {o.text}
          </option>
        ))}
      </select>
    </Form.Field>
  );
}

/** The cumulative/monthly toggle, the period dropdown and the project/user filters (native selects: keyboard and screen readers for free). */
export function AccountingToolbar({ cumulative, onCumulative, period, years, onPeriod, filters }: ToolbarProps) {
  const { t } = useTranslation();
  return (
    <Form className="accounting-toolbar" as="div">
      <Form.Group widths="equal" unstackable={false}>
        <Form.Field>
          <label id="accounting-mode-label">{t('accounting.mode')}</label>
          <Button.Group role="group" aria-labelledby="accounting-mode-label">
            <Button type="button" active={cumulative} aria-pressed={cumulative} onClick={() => onCumulative(true)}>
              {t('accounting.cumulative')}
            </Button>
            <Button type="button" active={!cumulative} aria-pressed={!cumulative} onClick={() => onCumulative(false)}>
              {t('accounting.monthly')}
            </Button>
          </Button.Group>
        </Form.Field>
        <PeriodField id="accounting-period" label={t('accounting.year')} period={period} years={years} onPeriod={onPeriod} />
        {filters.map((filter) => (
          <Form.Field key={filter.id}>
            <label htmlFor={filter.id}>{filter.label}</label>
            <select id={filter.id} className="ui dropdown" value={filter.value} onChange={(e) => filter.onChange(e.target.value)}>
              <option value="">{filter.allLabel}</option>
              {filter.options.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.text}
                </option>
              ))}
            </select>
          </Form.Field>
        ))}
      </Form.Group>
    </Form>
  );
}
