import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Header, Icon, Loader, Message } from 'semantic-ui-react';
import { useMyProjectsQuery } from '@/client/api/projects';
import { useSessionQuery } from '@/client/api/session';
import { paths } from '@/schema-runtime/pages';
import { MembershipDetail } from './membership-detail';
import { membershipProjects } from './membership-rules';
import { membershipRules } from './membership-rule-set';
import { useLoadFailureToast } from './use-load-failure-toast';
import './memberships.css';

/** /ui/memberships/:projId — one membership by project code, with the lead's and staff's controls. */
export default function MembershipDetailPage() {
  const { t } = useTranslation();
  const { projId = '' } = useParams();
  const { data: session } = useSessionQuery();
  const projects = useMyProjectsQuery();
  useLoadFailureToast(projects.error);
  const user = session?.userdetails;
  if (projects.isLoading || !user) return <Loader active inline="centered" />;
  const { active, inactive } = membershipProjects(projects.data ?? [], membershipRules());
  const project = [...active, ...inactive].find((p) => p.identifier === projId);
  return (
    <section data-page="membership-detail">
      <Link to={paths.memberships.href} className="membership-back">
        <Icon name="arrow left" />
        {t('memberships.back')}
      </Link>
      {project ? (
        <MembershipDetail project={project} user={user} />
      ) : (
        <>
          <Header as="h1">{t('titles.membershipDetail')}</Header>
          <Message warning content={t('memberships.notFound')} />
        </>
      )}
    </section>
  );
}
