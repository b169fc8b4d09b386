import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { Header, Loader, Menu } from 'semantic-ui-react';
import { useMyProjectsQuery } from '@/client/api/projects';
import { useSessionQuery } from '@/client/api/session';
import { paths } from '@/schema-runtime/pages';
import { membershipProjects } from './membership-rules';
import { membershipRules } from './membership-rule-set';
import { MembershipsTable } from './memberships-table';
import { useLoadFailureToast } from './use-load-failure-toast';
import './memberships.css';

/** The active or inactive memberships; the switch between them shows only when some project is inactive. */
export function MembershipsList({ inactive }: { inactive: boolean }) {
  const { t } = useTranslation();
  const { data: session } = useSessionQuery();
  const projects = useMyProjectsQuery();
  useLoadFailureToast(projects.error);
  const groups = membershipProjects(projects.data ?? [], membershipRules());
  const shown = inactive ? groups.inactive : groups.active;
  return (
    <section data-page={inactive ? 'inactive-memberships' : 'memberships'}>
      <div className="membership-heading">
        <Header as="h1">{inactive ? t('titles.inactiveMemberships') : t('titles.memberships')}</Header>
        {groups.inactive.length > 0 && (
          <Menu compact secondary pointing size="small" aria-label={t('titles.memberships')}>
            <Menu.Item as={NavLink} to={paths.memberships.href} end content={t('memberships.active')} />
            <Menu.Item as={NavLink} to={paths.inactiveMemberships.href} content={t('memberships.inactive')} />
          </Menu>
        )}
      </div>
      {projects.isLoading || !session?.userdetails ? (
        <Loader active inline="centered" />
      ) : (
        <MembershipsTable projects={shown} userId={session.userdetails.id} />
      )}
    </section>
  );
}
