import { useTranslation } from 'react-i18next';
import { Header, Loader, Message } from 'semantic-ui-react';
import type { RuleEditorList } from '@generated';
import { isApiError } from '@/client/api/api-error';
import { useRuleEditorsQuery } from '@/client/api/rule-editors';
import { useForbiddenRedirect } from '@/client/engine/use-forbidden-redirect';
import { RulesSubpageHeader } from '../rules-subpage-header';
import { AddRuleEditorForm } from './add-rule-editor-form';
import { EditorTable } from './editor-table';
import '../rules.css';

/**
 * /ui/rules/editors (staff): who may edit the rules — the superusers, who always may, and the staff
 * in the group RULES_EDITOR_GROUP names. Superusers add staff to the group by username and remove
 * them; without the setting the page says that only superusers edit and which setting names a group.
 */
export default function RuleEditorsPage() {
  const { t } = useTranslation();
  const { data, error, isLoading } = useRuleEditorsQuery();
  useForbiddenRedirect(error);
  return (
    <section data-page="rules-editors" className="rules-page rules-editors">
      <RulesSubpageHeader title={t('rules.editors.title')} intro={t('rules.editors.intro')} />
      {isLoading && <Loader active inline="centered" />}
      {isApiError(error) && error.status !== 403 && <Message negative content={t('rules.editors.loadFailed')} />}
      {data && <Superusers list={data} />}
      {data && <Group list={data} />}
    </section>
  );
}

function Superusers({ list }: { list: RuleEditorList }) {
  const { t } = useTranslation();
  return (
    <section className="rules-section" aria-labelledby="rule-editors-superusers">
      <Header as="h2" id="rule-editors-superusers">
        {t('rules.editors.superusers')}
      </Header>
      <p className="rules-intro">{t('rules.editors.superusersIntro', { count: list.superusers.length })}</p>
      <EditorTable label={t('rules.editors.superusers')} people={list.superusers} />
    </section>
  );
}

function Group({ list }: { list: RuleEditorList }) {
  const { t } = useTranslation();
  return (
    <section className="rules-section" aria-labelledby="rule-editors-group" data-testid="rule-editors-group">
      <Header as="h2" id="rule-editors-group">
        {t('rules.editors.group')}
      </Header>
      {list.group === null ? (
        <Message info data-testid="rule-editors-unset">
          <Message.Header>{t('rules.editors.unsetHeader')}</Message.Header>
          <p>{t('rules.editors.unset')}</p>
        </Message>
      ) : (
        <>
          <p className="rules-intro">
            {t('rules.editors.groupIntro')} <code data-testid="rule-editors-group-name">{list.group}</code>
          </p>
          <p className="rules-intro" data-testid="rule-editors-count">
            {list.members.length === 0 ? t('rules.editors.noMembers') : t('rules.editors.memberCount', { count: list.members.length })}
          </p>
          {list.members.length > 0 && <EditorTable label={t('rules.editors.group')} people={list.members} removable={list.mayManage} />}
          {list.mayManage ? <AddRuleEditorForm /> : <p className="rules-intro">{t('rules.editors.onlySuperusers')}</p>}
        </>
      )}
    </section>
  );
}
