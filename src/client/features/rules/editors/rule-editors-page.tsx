import { useTranslation } from 'react-i18next';
import { Loader, Message } from 'semantic-ui-react';
import { isApiError } from '@/client/api/api-error';
import { useRuleEditorsQuery } from '@/client/api/rule-editors';
import { useForbiddenRedirect } from '@/client/engine/use-forbidden-redirect';
import { RulesSubpageHeader } from '../rules-subpage-header';
import { RuleEditorsGroup, RuleEditorsSuperusers } from './rule-editors-sections';
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
      {data && <RuleEditorsSuperusers list={data} />}
      {data && <RuleEditorsGroup list={data} />}
    </section>
  );
}
