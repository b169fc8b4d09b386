import { useTranslation } from 'react-i18next';
import { listRules } from '@/schema-runtime/grid-page-query';
import { mailRules, type MailKindRule } from '@/schema-runtime/mail-rules';
import { scienceDomainsOf, type ScienceDomainChoice } from '@/schema-runtime/science-domains';
import type { SchemaCatalog } from '@/schema-runtime/schema-catalog';
import { weekdayName } from '@/client/engine/weekday-name';
import { useNumber } from '@/client/engine/use-number';
import { useLocaleText, type LocaleText } from '@/client/engine/locale-text';
import type { ResourceLimit } from '@/client/engine/schema-form/fields/resource-limits';
import { requestTypeRows, resourceLimitRows, stateRows, type RequestTypeRow, type StateRow } from './rule-rows';
import { RulesSection } from './rules-section';
import { RuleTable, type RuleColumn } from './rule-table';
import { SimpleList, SimpleListItem } from '@/client/shared/simple-list';

/*
 * The sections of the rules page, each a heading, a line of explanation where the table needs one,
 * and a table read from the schema set handed in (the one in use).
 */

type Props = { catalog: SchemaCatalog };

/** A list of labels in the interface language, or the word for none. */
function labelList(labels: readonly LocaleText[], text: (label: LocaleText) => string, none: string): string {
  return labels.length ? labels.map(text).join(', ') : none;
}

/** The rules' numbers as the interface language writes them, with Intl's own default of up to three decimals. */
const useRuleNumber = () => useNumber(3).format;

export function ResourceLimitsSection({ catalog }: Props) {
  const { t } = useTranslation();
  const text = useLocaleText();
  const number = useRuleNumber();
  const amount = (value: number, unit: string | undefined) => (unit ? `${number(value)} ${unit}` : number(value));
  const columns: RuleColumn<ResourceLimit>[] = [
    {
      key: 'resource',
      header: t('rules.limits.resource'),
      cell: (l) => (
        <>
          {text(l.label)} <code className="rules-field-name">{l.name}</code>
        </>
      ),
    },
    { key: 'group', header: t('rules.limits.group'), cell: (l) => l.group },
    { key: 'minimum', header: t('rules.limits.minimum'), cell: (l) => amount(l.minimum, l.unit), numeric: true },
    { key: 'maximum', header: t('rules.limits.maximum'), cell: (l) => amount(l.maximum, l.unit), numeric: true },
  ];
  return (
    <RulesSection id="limits" heading={t('rules.limits.heading')} intro={t('rules.limits.intro')}>
      <RuleTable label={t('rules.limits.heading')} columns={columns} rows={resourceLimitRows(catalog)} rowKey={(l) => l.name} narrow />
    </RulesSection>
  );
}

export function RequestTypesSection({ catalog }: Props) {
  const { t } = useTranslation();
  const text = useLocaleText();
  const columns: RuleColumn<RequestTypeRow>[] = [
    { key: 'type', header: t('rules.requestTypes.type'), cell: (r) => text(r.label) },
    { key: 'projectType', header: t('rules.requestTypes.projectType'), cell: (r) => text(r.projectType) },
    { key: 'filers', header: t('rules.requestTypes.filers'), cell: (r) => t(`rules.requestTypes.who.${r.filers}`) },
    { key: 'accepting', header: t('rules.requestTypes.accepting'), cell: (r) => t(r.accepting ? 'common.yes' : 'common.no') },
    { key: 'prefix', header: t('rules.requestTypes.prefix'), cell: (r) => r.identifierPrefix },
  ];
  return (
    <RulesSection id="request-types" heading={t('rules.requestTypes.heading')}>
      <RuleTable label={t('rules.requestTypes.heading')} columns={columns} rows={requestTypeRows(catalog)} rowKey={(r) => r.value} />
    </RulesSection>
  );
}

export function StatesSection({ catalog }: Props) {
  const { t } = useTranslation();
  const text = useLocaleText();
  const none = t('rules.states.none');
  const columns: RuleColumn<StateRow>[] = [
    { key: 'state', header: t('rules.states.state'), cell: (s) => text(s.label) },
    { key: 'userLabel', header: t('rules.states.userLabel'), cell: (s) => text(s.userLabel) },
    { key: 'description', header: t('rules.states.description'), cell: (s) => text(s.tooltip) },
    { key: 'staffMoves', header: t('rules.states.staffMoves'), cell: (s) => labelList(s.staffMoves, text, none) },
    { key: 'leadMoves', header: t('rules.states.leadMoves'), cell: (s) => labelList(s.leadMoves, text, none) },
  ];
  return (
    <RulesSection id="states" heading={t('rules.states.heading')} intro={t('rules.states.intro')}>
      <RuleTable label={t('rules.states.heading')} columns={columns} rows={stateRows(catalog)} rowKey={(s) => s.value} />
    </RulesSection>
  );
}

export function ScienceDomainsSection({ catalog }: Props) {
  const { t } = useTranslation();
  const text = useLocaleText();
  const columns: RuleColumn<ScienceDomainChoice>[] = [
    { key: 'domain', header: t('rules.science.domain'), cell: (d) => text(d.label) },
    { key: 'fields', header: t('rules.science.fields'), cell: (d) => d.fields.map((f) => text(f.label)).join(', ') },
  ];
  return (
    <RulesSection id="science" heading={t('rules.science.heading')}>
      <RuleTable label={t('rules.science.heading')} columns={columns} rows={scienceDomainsOf(catalog)} rowKey={(d) => d.value} />
    </RulesSection>
  );
}

export function MailRulesSection({ catalog }: Props) {
  const { t, i18n } = useTranslation();
  const text = useLocaleText();
  const rules = mailRules(catalog);
  const { weekday, hour, timeZone } = rules.digest;
  const afterMonthDays = rules.kinds.find((k) => k.afterMonthDays !== undefined)?.afterMonthDays;
  const columns: RuleColumn<MailKindRule>[] = [
    { key: 'kind', header: t('rules.mail.kind'), cell: (k) => text(k.label) },
    { key: 'delivery', header: t('rules.mail.delivery'), cell: (k) => t(k.routine ? 'rules.mail.routine' : 'rules.mail.immediate') },
  ];
  const intro = (
    <>
      {t('rules.mail.digest', { weekday: weekdayName(weekday, i18n.language), time: `${hour}:00`, timeZone })}
      {afterMonthDays !== undefined && ` ${t('rules.mail.usageSummary', { days: afterMonthDays })}`}
    </>
  );
  return (
    <RulesSection id="mail" heading={t('rules.mail.heading')} intro={intro}>
      <RuleTable label={t('rules.mail.heading')} columns={columns} rows={rules.kinds} rowKey={(k) => k.value} />
    </RulesSection>
  );
}

export function ListRulesSection({ catalog }: Props) {
  const { t } = useTranslation();
  const number = useRuleNumber();
  const rules = listRules(catalog);
  const names = t('rules.lists.names', { returnObjects: true }) as Record<string, string>;
  const rows = Object.entries(rules.lists as Record<string, { pagedFrom: number }>).map(([list, { pagedFrom }]) => ({ list, pagedFrom }));
  const columns: RuleColumn<(typeof rows)[number]>[] = [
    { key: 'list', header: t('rules.lists.list'), cell: (r) => names[r.list] ?? r.list },
    { key: 'pagedFrom', header: t('rules.lists.pagedFrom'), cell: (r) => number(r.pagedFrom), numeric: true },
  ];
  return (
    <RulesSection id="lists" heading={t('rules.lists.heading')} intro={t('rules.lists.intro')}>
      <RuleTable label={t('rules.lists.heading')} columns={columns} rows={rows} rowKey={(r) => r.list} narrow />
      <SimpleList bulleted>
        <SimpleListItem>{t('rules.lists.pageRowsMax', { rows: number(rules.pageRowsMax) })}</SimpleListItem>
        <SimpleListItem>{t('rules.lists.filterDelay', { ms: rules.pagedFilterDelayMs })}</SimpleListItem>
      </SimpleList>
    </RulesSection>
  );
}
