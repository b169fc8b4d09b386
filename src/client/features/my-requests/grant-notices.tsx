import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Message } from 'semantic-ui-react';
import { useGrantsQuery } from '@/client/api/grants';
import { formatDate } from '@/client/engine/format';
import { grantedKinds, useClusterLabel } from '@/client/engine/grants/grant-table';
import { useNumber } from '@/client/engine/use-number';
import { paths } from '@/schema-runtime/pages';

/**
 * Notices on my-requests for the projects the lead leads whose grant has reached a threshold of
 * rules/grants.json (a share used, or a run-out before the end date), with a link to the burn-down.
 */
export function GrantNotices({ linkAccounting }: { linkAccounting: boolean }) {
  const { t } = useTranslation();
  const clusterLabel = useClusterLabel();
  const number = useNumber(1);
  const { data } = useGrantsQuery({});
  const notices = (data?.projects ?? []).flatMap((p) =>
    p.clusters.flatMap((c) =>
      grantedKinds(c)
        .filter(({ hours }) => hours.reached.length > 0)
        .map(({ kind, hours }) => ({ key: `${p.identifier}-${c.cluster}-${kind}`, project: p.identifier, text: t(hours.runsOut ? 'grants.noticeRunsOut' : 'grants.notice', { project: p.identifier, percent: number.format(hours.percent), what: `${clusterLabel(c.cluster)} – ${t(`accounting.${kind}`)}`, date: formatDate(hours.runsOut) }) })),
    ),
  );
  if (!notices.length) return null;
  return (
    <Message warning data-testid="grant-notices">
      <Message.List>
        {notices.map((n) => (
          <Message.Item key={n.key} data-notice={n.project}>
            {n.text} {linkAccounting && <Link className="grant-link" to={paths.projectAccounting.href}>{t('grants.noticeLink')}</Link>}
          </Message.Item>
        ))}
      </Message.List>
    </Message>
  );
}
