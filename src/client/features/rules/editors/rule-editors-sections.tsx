import { useTranslation } from 'react-i18next';
import { Header, Message } from 'semantic-ui-react';
import type { RuleEditorList } from '@generated';
import { AddRuleEditorForm } from './add-rule-editor-form';
import { EditorTable } from './editor-table';

/** The superusers, who always edit the rules. */
export function RuleEditorsSuperusers({ list }: { list: RuleEditorList }) {
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

/**
 * The group RULES_EDITOR_GROUP names and its members, with the add form and remove buttons for a
 * superuser; without the setting, that only superusers edit and which setting names a group.
 */
export function RuleEditorsGroup({ list }: { list: RuleEditorList }) {
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
