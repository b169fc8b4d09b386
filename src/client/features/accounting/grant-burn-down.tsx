import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Header, Segment } from 'semantic-ui-react';
import { useProjectUsageQuery, type ClusterUsage, type UsageAnswer } from '@/client/api/accounting';
import { useGrantsQuery, type GrantsAnswerHours, type GrantsAnswerProject } from '@/client/api/grants';
import { GrantBar, grantedKinds, useClusterLabel } from '@/client/engine/grants/grant-table';
import { useNumber } from '@/client/engine/use-number';
import { formatDate } from '@/client/engine/format';
import { usePhone } from '@/client/shared/use-phone';
import { BurnDownChart, type BurnDownPoint } from './burn-down-chart';

/**
 * A grant's CPU burn-down from the accounting answer (range 'all', so the cumulative line counts
 * from the project's first month): hours left each month so far, then the forecast's cumulative
 * line turned into hours left, up to the end month.
 */
function burnDown(usage: UsageAnswer | undefined, identifier: string, cluster: string, granted: number): BurnDownPoint[] {
  const rows = (usage?.[cluster] as ClusterUsage | undefined)?.cumulative.cpuh ?? [];
  const forecast = usage?.forecast?.[identifier]?.[cluster]?.months ?? [];
  const round = (v: number) => Math.round(v * 10) / 10;
  const points: BurnDownPoint[] = rows
    .filter((r, i) => Number(r[identifier] ?? 0) > 0 || rows.slice(0, i).some((x) => Number(x[identifier] ?? 0) > 0))
    .map((r) => ({ month: r.month, left: round(granted - Number(r[identifier] ?? 0)), forecast: null }));
  for (const f of forecast) {
    const at = points.find((p) => p.month === f.month);
    if (at) at.forecast = round(granted - f.cpuh);
    else points.push({ month: f.month, left: null, forecast: round(granted - f.cpuh) });
  }
  return points;
}

/** The sentence under a bar: when the hours run out at the current rate, or that they last. */
function RunOut({ hours, end }: { hours: GrantsAnswerHours; end: string | null }) {
  const { t } = useTranslation();
  const text = hours.percent >= 100 ? t('grants.usedUpSentence') : hours.runsOut ? t('grants.runsOutSentence', { date: formatDate(hours.runsOut), end: formatDate(end) }) : t('grants.lastsSentence', { end: formatDate(end) });
  return <p className={hours.runsOut || hours.percent >= 100 ? 'grant-run-out grant-run-out-soon' : 'grant-run-out'}>{text}</p>;
}

/** One project's grants, folded under a line with its largest share used (the most used project starts open). */
function ProjectBurnDown({ project, usage, open }: { project: GrantsAnswerProject; usage: UsageAnswer | undefined; open: boolean }) {
  const { t } = useTranslation();
  const clusterLabel = useClusterLabel();
  const percent = useNumber(1);
  return (
    <details className="grant-burn-down" data-grant-project={project.identifier} open={open}>
      <summary>
        <strong>
          {project.identifier} – {project.name}
        </strong>
        {project.usedPercent !== null && ` · ${t('grants.mostUsed', { percent: percent.format(project.usedPercent) })}`}
        {project.runsOut && ` · ${t('grants.runsOut')}: ${formatDate(project.runsOut)}`}
      </summary>
      {project.clusters.map((c) =>
        grantedKinds(c).map(({ kind, hours }) => {
          const label = `${clusterLabel(c.cluster)} – ${t(`accounting.${kind}`)}`;
          return (
            <div key={`${c.cluster}-${kind}`} data-cluster={c.cluster} data-kind={kind}>
              <GrantBar label={label} hours={hours} />
              <RunOut hours={hours} end={project.date_end} />
              {kind === 'cpuh' && (
                <BurnDownChart id={`burn-down-${project.identifier}-${c.cluster}`} title={t('grants.chartTitle', { project: project.identifier, what: label })} points={burnDown(usage, project.identifier, c.cluster, hours.granted)} />
              )}
            </div>
          );
        }),
      )}
    </details>
  );
}

/**
 * The lead's hours granted on the project-accounting page: used against granted and the burn-down
 * per project and cluster. At a desk the most used project starts open; on a phone each is folded
 * under its line (its largest share used, when it runs out), and its chart loads once opened.
 */
export function GrantBurnDowns() {
  const { t } = useTranslation();
  const phone = usePhone();
  const grants = useGrantsQuery({});
  const usage = useProjectUsageQuery({ range: 'all' });
  const projects = useMemo(() => grants.data?.projects ?? [], [grants.data]);
  if (!projects.length) return null;
  return (
    <Segment className="grant-burn-downs" data-testid="grant-burn-downs">
      <Header as="h2" size="medium">
        {t('grants.title')}
      </Header>
      {[...projects]
        .sort((a, b) => (b.usedPercent ?? 0) - (a.usedPercent ?? 0))
        .map((p, i) => (
          <ProjectBurnDown key={p.identifier} project={p} usage={usage.data} open={i === 0 && !phone} />
        ))}
    </Segment>
  );
}
