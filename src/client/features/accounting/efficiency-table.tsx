import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Header, Icon, Label, Loader, Segment, Table } from 'semantic-ui-react';
import { lightFormat, subMonths } from 'date-fns';
import { useEfficiencyQuery, type EfficiencyAnswerRow } from '@/client/api/grants';
import { HeadRow, ScrollBox } from '@/client/engine/grants/grant-table';
import { useNumber } from '@/client/engine/use-number';

const MONTHS_OFFERED = 12;

/** The months offered, newest first: 'yyyy-MM' of the month before the current one and the eleven before it. */
function recentMonths(now = new Date()): string[] {
  return Array.from({ length: MONTHS_OFFERED }, (_, i) => lightFormat(subMonths(now, i + 1), 'yyyy-MM'));
}

/**
 * Efficiency per member of the projects the lead leads in a month (docs/decisions/0290): CPU time
 * used ÷ core-hours allocated over the jobs that reported it, hours of jobs that did not as
 * unknown, and the hours lost of a member below the threshold of rules/grants.json named.
 */
export function EfficiencyTable() {
  const { t } = useTranslation();
  const months = useMemo(() => recentMonths(), []);
  const [month, setMonth] = useState(months[0]);
  const { data, isFetching } = useEfficiencyQuery({ month });
  const number = useNumber(1);
  const percent = (v: number | null) => (v === null ? t('grants.unknown') : `${number.format(v)} %`);
  const [yyyy, mm] = month.split('-');
  const row = (r: EfficiencyAnswerRow) => (
    <Table.Row key={`${r.project}-${r.username}`} negative={r.below} data-member={r.username}>
      <Table.Cell>{r.project}</Table.Cell>
      <Table.Cell>
        {r.name}
        {r.below && (
          <Label size="mini" color="red" className="efficiency-below">
            <Icon name="warning sign" aria-hidden="true" />
            {t('grants.below', { threshold: data?.threshold })}
          </Label>
        )}
      </Table.Cell>
      <Table.Cell textAlign="right">{number.format(r.cpuh)}</Table.Cell>
      <Table.Cell textAlign="right">{number.format(r.cpuhUnknown)}</Table.Cell>
      <Table.Cell textAlign="right">{percent(r.efficiency)}</Table.Cell>
      <Table.Cell textAlign="right">{r.below ? number.format(r.lostHours) : '–'}</Table.Cell>
      <Table.Cell textAlign="right">{percent(r.gpuUtilisation)}</Table.Cell>
    </Table.Row>
  );
  return (
    <Segment className="efficiency" data-testid="efficiency">
      <Header as="h2" size="medium">
        {t('grants.efficiencyTitle')}
      </Header>
      <p>{t('grants.efficiencyHelp', { threshold: data?.threshold ?? '' })}</p>
      <label htmlFor="efficiency-month">{t('grants.month')} </label>
      <select id="efficiency-month" value={month} onChange={(e) => setMonth(e.target.value)}>
        {months.map((m) => (
          <option key={m} value={m}>{`${m.slice(5)}/${m.slice(0, 4)}`}</option>
        ))}
      </select>
      {isFetching && !data && <Loader active inline="centered" size="small" />}
      {data && !data.rows.length && <p>{t('grants.noEfficiency', { month: `${mm}/${yyyy}` })}</p>}
      {data && data.rows.length > 0 && (
        <ScrollBox label={t('grants.efficiencyCaption', { month: `${mm}/${yyyy}` })}>
          <Table compact celled unstackable size="small" data-month={data.month}>
            <caption className="burn-down-caption">{t('grants.efficiencyCaption', { month: `${mm}/${yyyy}` })}</caption>
            <HeadRow
              columns={[
                { label: t('accounting.project') },
                { label: t('grants.member') },
                { label: t('accounting.cpuh'), right: true },
                { label: t('grants.unknownHours'), right: true },
                { label: t('grants.efficiency'), right: true },
                { label: t('grants.lostHours'), right: true },
                { label: t('grants.gpuUtilisation'), right: true },
              ]}
            />
            <Table.Body>{data.rows.map(row)}</Table.Body>
          </Table>
        </ScrollBox>
      )}
    </Segment>
  );
}
