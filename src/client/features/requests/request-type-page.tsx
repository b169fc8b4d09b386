import { useLocation } from 'react-router';
import { Header, Message } from 'semantic-ui-react';
import { useTranslation } from 'react-i18next';
import { activeUser, useSessionQuery } from '../../api/session';
import { useLocaleText } from '../../engine/locale-text';
import { RegistryProjects } from './registry-projects';
import { RequestForm } from './request-form';
import { isRegistryBased, requestTypeOfPath } from './request-types';
import './requests.css';

/**
 * /ui/new-request/<route>: one page for every request type of requests/index.json. A
 * registry-based type lists the user's registry projects; any other shows its schema's form.
 */
export default function RequestTypePage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const text = useLocaleText();
  const user = activeUser(useSessionQuery().data);
  const type = requestTypeOfPath(pathname);
  if (!type) return <Message error content={t('errors.notFoundText')} />;
  return (
    <section data-page="request-type" data-request-type={type.value} className="request-page">
      <Header as="h1">{text(type.label)}</Header>
      {isRegistryBased(type) ? (
        <RegistryProjects type={type} />
      ) : (
        <RequestForm key={type.value} type={type} initialData={user?.person_institution ? { institute: user.person_institution } : undefined} />
      )}
    </section>
  );
}
