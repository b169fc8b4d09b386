import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button, Form, Header, Message } from 'semantic-ui-react';
import { AccessibleDropdown } from '@/client/shared/accessible-dropdown';
import { useTranslation } from 'react-i18next';
import { useInstituteCheckQuery, useRegistryInfoQuery } from '@/client/api/registry';
import { activeUser, isAdmin, useSessionQuery } from '@/client/api/session';
import { useLocaleText } from '@/client/engine/locale-text';
import { schemas } from '@/client/shared/schema-set';
import { requestTypePage } from '@/schema-runtime/pages';
import { useToast } from '@/client/shared/toast/use-toast';
import { BlockMessage } from './block-message';
import { offeredRequestTypes, requestTypeBlock } from './request-types';
import './requests.css';

/** /ui/new-request: the request-type chooser with Continue. */
export default function NewRequestPage() {
  const { t } = useTranslation();
  const text = useLocaleText();
  const toast = useToast();
  const navigate = useNavigate();
  const user = activeUser(useSessionQuery().data);
  const registry = useRegistryInfoQuery();
  const instituteCheck = useInstituteCheckQuery();
  const [chosen, setChosen] = useState<string>();
  const [missingChoice, setMissingChoice] = useState(false);

  const foreign = user?.person_type === 'foreign';
  const types = offeredRequestTypes(isAdmin(user));
  const type = types.find((candidate) => candidate.value === chosen);
  const block = type ? requestTypeBlock(type, { foreign, registry: registry.data, instituteCheck: instituteCheck.data }) : null;
  const checking = !!type && (registry.isLoading || instituteCheck.isLoading);

  const choose = (value: string) => {
    setChosen(value);
    setMissingChoice(false);
    // A type may carry a note shown when it is chosen (the thesis type explains who files it).
    const notes = t('requests.typeNotes', { returnObjects: true }) as Record<string, string>;
    if (notes[value]) toast.info(notes[value], { autoCloseMs: schemas.constants.thesisToastMs, id: 'type-note' });
  };
  const proceed = () => {
    if (!type) {
      setMissingChoice(true);
      return;
    }
    if (!block) navigate(requestTypePage(type).href);
  };

  return (
    <section data-page="new-request" className="new-request">
      <Header as="h1">{t('requests.heading')}</Header>
      {foreign && <Message warning content={t('requests.foreign')} />}
      <Form onSubmit={proceed} className="request-chooser">
        <Form.Field error={missingChoice}>
          <label htmlFor="request-type">{t('requests.typeLabel')}</label>
          <AccessibleDropdown
            id="request-type"
            selection
            placeholder={t('requests.typePlaceholder')}
            // A type that takes no requests now says so in the list, before anyone picks it.
            options={types.map((option) => ({
              key: option.value,
              value: option.value,
              text: text(option.label),
              ...(option.accepting ? {} : { description: t('requests.notAcceptingShort') }),
            }))}
            value={chosen}
            onChange={(_e, data) => choose(String(data.value))}
          />
          {missingChoice && (
            <div className="ui pointing red basic label" role="alert">
              {t('requests.chooseType')}
            </div>
          )}
        </Form.Field>
        {block && block.kind !== 'foreign' && <BlockMessage block={block} />}
        <Button type="submit" primary disabled={foreign || !!block || checking} loading={checking} content={t('requests.continue')} />
      </Form>
    </section>
  );
}
