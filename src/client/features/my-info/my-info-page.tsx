import { useTranslation } from 'react-i18next';
import { Grid, Header, Segment } from 'semantic-ui-react';
import { useSessionQuery } from '@/client/api/session';
import { DirectoryData } from './directory-data';
import { MailPreferences } from './mail-preferences';
import { MySessions } from './my-sessions';
import { MyDataDownload } from './my-data-download';
import { RegistryData } from './registry-data';
import { UserStatus } from './user-status';
import './my-info.css';

/** /ui/my-info: status, cluster username, directory data, research-registry data, mail preferences, the sessions and a copy of all their data, of the logged-in user. */
export default function MyInfoPage() {
  const { t } = useTranslation();
  const { data: session } = useSessionQuery();
  const user = session?.userdetails;
  if (!user) return null;
  return (
    <section data-page="my-info">
      <Header as="h1">{t('titles.myInfo')}</Header>
      <Grid stackable columns={2}>
        <Grid.Column>
          <Segment>
            <UserStatus user={user} />
            <Header as="h2" size="medium">
              {t('myInfo.directory')}
            </Header>
            <DirectoryData user={user} />
          </Segment>
        </Grid.Column>
        <Grid.Column>
          <Segment>
            <Header as="h2" size="medium">
              {t('myInfo.registry')}
            </Header>
            <RegistryData />
          </Segment>
        </Grid.Column>
      </Grid>
      <MailPreferences />
      <MySessions />
      <MyDataDownload username={user.username} />
    </section>
  );
}
