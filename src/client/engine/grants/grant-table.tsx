import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Table } from 'semantic-ui-react';
import type { GrantsAnswerCluster, GrantsAnswerHours, GrantsAnswerProject } from '@generated';
import { formatDate } from '../format';
import { useNumber } from '../use-number';
import { perSchemaSet } from '@/client/shared/per-schema-set';
import { schemas } from '@/client/shared/schema-set';
import './grants.css';

const clusterRules = perSchemaSet(() => schemas.vocabulary<{ label: { hr: string; en: string } }>('rules/clusters'));

/** A cluster's name in the interface language. */
export function useClusterLabel() {
  const { i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'hr';
  return (cluster: string) => clusterRules().find((c) => c.value === cluster)?.label[lang] ?? cluster;
}

/**
 * A table that may be wider than a phone scrolls inside this box, never the page; the box is
 * focusable and named so that keyboard users can scroll it too.
 */
export function ScrollBox({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="scroll-box" tabIndex={0} role="region" aria-label={label}>
      {children}
    </div>
  );
}

/** A table column's heading; numbers are right-aligned. */
export interface ColumnHead {
  label: string;
  right?: boolean;
}

/** The header of the grants' and efficiency tables from their columns. */
export function HeadRow({ columns }: { columns: readonly ColumnHead[] }) {
  return (
    <Table.Header>
      <Table.Row>
        {columns.map((c) => (
          <Table.HeaderCell key={c.label} scope="col" textAlign={c.right ? 'right' : undefined}>
            {c.label}
          </Table.HeaderCell>
        ))}
      </Table.Row>
    </Table.Header>
  );
}

/** The kinds of hours of a grant that it grants. */
export const grantedKinds = (c: GrantsAnswerCluster) => (['cpuh', 'gpuh'] as const).flatMap((kind) => (c[kind] ? [{ kind, hours: c[kind] as GrantsAnswerHours }] : []));

/**
 * Hours used against hours granted as a bar: an accessible progressbar (its name says what it
 * measures, its value text the figures), amber from the first warning threshold, red when used up.
 */
export function GrantBar({ label, hours }: { label: string; hours: GrantsAnswerHours }) {
  const { t } = useTranslation();
  const number = useNumber();
  const percent = useNumber(1);
  const share = Math.min(100, hours.percent);
  const level = hours.percent >= 100 ? 'full' : hours.reached.length ? 'warn' : 'ok';
  const text = t('grants.usedOf', { used: number.format(hours.used), granted: number.format(hours.granted), percent: percent.format(hours.percent) });
  return (
    <div className="grant-bar-block">
      <div className="grant-bar-label">
        <span>{label}</span>
        <span>{text}</span>
      </div>
      <div className={`grant-bar grant-bar-${level}`} role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={share} aria-valuetext={text}>
        <div className="grant-bar-fill" style={{ width: `${share}%` }} />
      </div>
    </div>
  );
}

/** The grants in force of one project: per cluster and kind, used against granted, the run-out date and the thresholds reached. */
export function GrantTable({ project }: { project: GrantsAnswerProject }) {
  const { t } = useTranslation();
  const clusterLabel = useClusterLabel();
  const number = useNumber();
  const percent = useNumber(1);
  const rows = project.clusters.flatMap((c) => grantedKinds(c).map((k) => ({ cluster: c.cluster, ...k })));
  return (
    <ScrollBox label={t('grants.title')}>
      <Table compact celled unstackable size="small" className="grant-table" data-grants={project.identifier}>
        <HeadRow
          columns={[
            { label: t('grants.cluster') },
            { label: t('grants.granted'), right: true },
            { label: t('grants.used'), right: true },
            { label: t('grants.percent'), right: true },
            { label: t('grants.runsOut') },
          ]}
        />
        <Table.Body>
          {rows.map((r) => (
            <Table.Row key={`${r.cluster}-${r.kind}`} data-cluster={r.cluster} data-kind={r.kind} warning={r.hours.reached.length > 0 && r.hours.percent < 100} negative={r.hours.percent >= 100}>
              <Table.Cell>
                {clusterLabel(r.cluster)} – {t(`accounting.${r.kind}`)}
              </Table.Cell>
              <Table.Cell textAlign="right">{number.format(r.hours.granted)}</Table.Cell>
              <Table.Cell textAlign="right">{number.format(r.hours.used)}</Table.Cell>
              <Table.Cell textAlign="right">{percent.format(r.hours.percent)} %</Table.Cell>
              <Table.Cell>{r.hours.runsOut ? formatDate(r.hours.runsOut) : r.hours.percent >= 100 ? t('grants.usedUp') : t('grants.lasts')}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table>
    </ScrollBox>
  );
}
