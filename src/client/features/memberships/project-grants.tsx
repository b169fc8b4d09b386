import { useTranslation } from 'react-i18next';
import { Header, Segment } from 'semantic-ui-react';
import { useGrantsQuery } from '@/client/api/grants';
import type { PortalProject } from '@/client/api/projects';
import { GrantBar, GrantTable, grantedKinds, useClusterLabel } from '@/client/engine/grants/grant-table';

/** The lead's view of the hours granted to the project: a bar per cluster and kind, and the table with the run-out dates. */
export function ProjectGrants({ project }: { project: PortalProject }) {
  const { t } = useTranslation();
  const clusterLabel = useClusterLabel();
  const { data } = useGrantsQuery({ project: project.identifier });
  const grants = data?.projects[0];
  if (!grants) return null;
  return (
    <Segment className="project-grants" data-testid="project-grants">
      <Header as="h2" size="small">
        {t('grants.title')}
      </Header>
      {grants.clusters.flatMap((c) =>
        grantedKinds(c).map(({ kind, hours }) => <GrantBar key={`${c.cluster}-${kind}`} label={`${clusterLabel(c.cluster)} – ${t(`accounting.${kind}`)}`} hours={hours} />),
      )}
      <GrantTable project={grants} />
    </Segment>
  );
}
