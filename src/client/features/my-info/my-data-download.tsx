import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Header, Segment } from 'semantic-ui-react';
import { MY_DATA_URL } from '@/client/api/personal-data';
import { paths } from '@/schema-runtime/pages';

/** My info's "a copy of my data" section: the JSON file, and the page that shows it. */
export function MyDataDownload({ username }: { username: string }) {
  const { t } = useTranslation();
  return (
    <Segment data-section="my-data">
      <Header as="h2" size="medium">
        {t('myInfo.data.heading')}
      </Header>
      <p>{t('myInfo.data.intro')}</p>
      <a className="ui primary button" href={MY_DATA_URL} download={`${username}-data.json`} data-action="download-my-data">
        {t('myInfo.data.download')}
      </a>
      <Link className="ui basic button" to={paths.myData.href}>
        {t('myInfo.data.view')}
      </Link>
    </Segment>
  );
}
