import { useTranslation } from 'react-i18next';
import { Loader, Message } from 'semantic-ui-react';
import type { RetentionDue } from '@generated';
import { useRetentionDueQuery } from '@/client/api/personal-data';
import { retentionPeriodText } from '@/client/engine/retention-period';
import { useLocaleText } from '@/client/engine/locale-text';
import { useNumber } from '@/client/engine/use-number';
import { retentionRules } from '@/schema-runtime/retention-rules';
import type { SchemaCatalog } from '@/schema-runtime/schema-catalog';
import { RulesSection } from './rules-section';
import { RuleTable, type RuleColumn } from './rule-table';

type Due = RetentionDue['rules'][number];

/**
 * The retention rules (rules/retention.json) with how many rows the retention job would remove if
 * it ran now, asked of the server each time the page opens: staff see them before the job first runs.
 */
export function RetentionSection({ catalog }: { catalog: SchemaCatalog }) {
  const { t, i18n } = useTranslation();
  const text = useLocaleText();
  const number = useNumber(0).format;
  const { data, isLoading, isError } = useRetentionDueQuery();
  const labels = new Map(retentionRules(catalog).map((rule) => [rule.value, rule.label]));
  const columns: RuleColumn<Due>[] = [
    { key: 'rule', header: t('rules.retention.rule'), cell: (row) => (labels.has(row.rule) ? text(labels.get(row.rule)!) : row.rule) },
    { key: 'period', header: t('rules.retention.period'), cell: (row) => retentionPeriodText(t, row.period, i18n.language) },
    { key: 'due', header: t('rules.retention.due'), cell: (row) => number(row.rows), numeric: true },
    {
      key: 'removes',
      header: t('rules.retention.removes'),
      cell: (row) =>
        row.tables.length ? (
          <ul className="retention-tables">
            {row.tables.map(({ table, rows }) => (
              <li key={table} data-table={table}>
                {t(`rules.retention.tables.${table}`)}: {number(rows)}
              </li>
            ))}
          </ul>
        ) : (
          t('rules.retention.removesNone')
        ),
    },
  ];
  return (
    <RulesSection id="retention" heading={t('rules.retention.heading')} intro={t('rules.retention.intro')}>
      {isLoading ? (
        <Loader active inline="centered" />
      ) : isError || !data ? (
        <Message error content={t('rules.retention.loadFailed')} />
      ) : (
        <>
          {data.applying ? null : <Message warning data-retention-held="" content={t('rules.retention.held')} />}
          <RuleTable label={t('rules.retention.heading')} columns={columns} rows={data.rules} rowKey={(row) => row.rule} />
        </>
      )}
    </RulesSection>
  );
}
