import { Header } from 'semantic-ui-react';
import { useTranslation } from 'react-i18next';
import { schemas } from '@/client/shared/schema-set';
import { useSchemaSetVersion } from '@/client/shared/use-schema-set-version';
import { ReloadPanel } from './reload-panel';
import { RetentionSection } from './retention-section';
import { ListRulesSection, MailRulesSection, RequestTypesSection, ResourceLimitsSection, ScienceDomainsSection, StatesSection } from './rule-sections';
import { SchemaHistory } from './schema-history';
import './rules.css';

/**
 * /ui/rules (staff): what the rules are, read from the schema set in use — resource limits, request
 * types and who may file them, state transitions, science domains, mail, list paging and the retention of personal data with the rows due — and how
 * they changed. A set that goes live while the page is open redraws it.
 */
export default function RulesPage() {
  const { t } = useTranslation();
  useSchemaSetVersion();
  return (
    <section data-page="rules" className="rules-page">
      <Header as="h1">{t('rules.title')}</Header>
      <p className="rules-intro">{t('rules.intro')}</p>
      <ReloadPanel />
      <ResourceLimitsSection catalog={schemas} />
      <RequestTypesSection catalog={schemas} />
      <StatesSection catalog={schemas} />
      <ScienceDomainsSection catalog={schemas} />
      <MailRulesSection catalog={schemas} />
      <ListRulesSection catalog={schemas} />
      <RetentionSection catalog={schemas} />
      <SchemaHistory />
    </section>
  );
}
