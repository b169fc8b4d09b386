import { useLocation } from 'react-router';
import { Header, Loader, Message } from 'semantic-ui-react';
import { useTranslation } from 'react-i18next';
import { activeUser, useSessionQuery } from '@/client/api/session';
import { useLocaleText } from '@/client/engine/locale-text';
import { useInstituteCheckQuery } from '@/client/api/registry';
import { BlockMessage } from './block-message';
import { RegistryProjects } from './registry-projects';
import { RequestForm } from './request-form';
import { isInstitutional, isRegistryBased, requestTypeBlock, requestTypeOfPath } from './request-types';
import './requests.css';

/**
 * /ui/new-request/<route>: one page for every request type of requests/index.json. A
 * registry-based type lists the user's registry projects; any other shows its schema's form. The
 * page holds what the server would refuse: a foreign researcher sees the form with its submit
 * button disabled and the spec's message; an institutional type the check denies shows the
 * check's reason instead of the form, also when the page is opened by its address.
 */
export default function RequestTypePage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const text = useLocaleText();
  const user = activeUser(useSessionQuery().data);
  const type = requestTypeOfPath(pathname);
  const institutional = !!type && isInstitutional(type);
  const instituteCheck = useInstituteCheckQuery(undefined, { skip: !institutional });
  if (!type) return <Message error content={t('errors.notFoundText')} />;
  const foreign = user?.person_type === 'foreign';
  const block = requestTypeBlock(type, { foreign, instituteCheck: instituteCheck.data });
  let body;
  if (institutional && instituteCheck.isLoading) body = <Loader active inline="centered" content={t('requests.checking')} />;
  else if (block?.kind === 'institute') body = <BlockMessage block={block} />;
  else if (isRegistryBased(type)) body = <RegistryProjects type={type} />;
  else
    body = (
      <>
        {foreign && <BlockMessage block={{ kind: 'foreign' }} />}
        <RequestForm
          key={type.value}
          type={type}
          blocked={foreign}
          initialData={user?.person_institution ? { institute: user.person_institution } : undefined}
        />
      </>
    );
  return (
    <section data-page="request-type" data-request-type={type.value} className="request-page">
      <Header as="h1">{text(type.label)}</Header>
      {body}
    </section>
  );
}
