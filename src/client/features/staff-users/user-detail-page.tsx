import { useParams } from 'react-router-dom';
import { Grid, Loader, Message } from 'semantic-ui-react';
import { useTranslation } from 'react-i18next';
import { userDataUrl } from '@/client/api/personal-data';
import { useUserDetailQuery } from '@/client/api/staff';
import { useForbiddenRedirect } from '@/client/engine/use-forbidden-redirect';
import { UserInfoBlock } from './user-info-block';
import { UserProjectsTable } from './user-projects-table';
import { UserKeysTable } from './user-keys-table';
import { UserRegistryBlock } from './user-registry-block';

/** /ui/users/:userId and /ui/users/inactive/:userId: one user, their projects, keys and registry data. */
export default function UserDetailPage() {
  const { t } = useTranslation();
  const { userId = '' } = useParams();
  const { data: user, isLoading, error } = useUserDetailQuery(userId);
  useForbiddenRedirect(error);
  if (isLoading) return <Loader active inline="centered" />;
  if (!user) return <Message error content={t('staffUsers.detail.notFound', { username: userId })} />;
  return (
    <section data-page="staff-user-detail">
      <Grid stackable>
        <Grid.Column width={11}>
          <UserProjectsTable memberships={user.userproject_set} />
          <UserKeysTable personUsername={user.person_username} />
        </Grid.Column>
        <Grid.Column width={5}>
          <UserInfoBlock user={user} />
          <UserRegistryBlock oib={user.person_oib} />
          <p className="user-data-download">
            <a className="ui basic button" href={userDataUrl(user.username)} download={`${user.username}-data.json`} data-action="download-user-data">
              {t('staffUsers.detail.downloadData')}
            </a>
            <br />
            <small>{t('staffUsers.detail.downloadDataHint')}</small>
          </p>
        </Grid.Column>
      </Grid>
    </section>
  );
}
