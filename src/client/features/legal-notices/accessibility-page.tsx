import { useTranslation } from 'react-i18next';
import { Header, Segment } from 'semantic-ui-react';
import type { AccessibilityStatement } from '@generated';
import { formatDate } from '@/client/engine/format';
import { currentLocale } from '@/client/i18n/i18n';
import { schemas } from '@/client/shared/schema-set';
import { useSchemaSetVersion } from '@/client/shared/use-schema-set-version';
import { readConsts } from '@/schema-runtime/vocabulary';
import './legal-notices.css';

/**
 * /ui/accessibility — the accessibility statement in the model form of Implementing Decision (EU)
 * 2018/1523: what it covers, the compliance status, what is not accessible and why, how it was
 * prepared, the feedback channel and the enforcement procedure. Its content is rules/accessibility.json.
 */
export default function AccessibilityPage() {
  const { t, i18n } = useTranslation();
  useSchemaSetVersion();
  const locale = currentLocale(i18n.language);
  const statement = readConsts<AccessibilityStatement>(schemas.schema('rules/accessibility'));
  const { service } = schemas;
  const site = window.location.origin;
  const email = service.contactEmail;
  return (
    <Segment as="article" className="legal-notice" data-page="accessibility">
      <Header as="h1">{t('titles.accessibility')}</Header>
      <p>{t('legal.intro', { centre: service.centreName[locale] })}</p>
      <p>{t('legal.scope', { service: service.serviceName[locale], site })}</p>

      <Header as="h2" size="medium">{t('legal.statusHeading')}</Header>
      <p data-status={statement.complianceStatus}>{t(`legal.status.${statement.complianceStatus}`, { standard: statement.standard })}</p>

      <Header as="h2" size="medium">{t('legal.nonAccessibleHeading')}</Header>
      {statement.nonAccessible.length ? (
        <>
          <p>{t('legal.nonAccessibleIntro')}</p>
          <ul className="legal-list" data-list="non-accessible">
            {statement.nonAccessible.map((item, i) => (
              <li key={i}>
                <strong>{t(`legal.reason.${item.reason}`)}:</strong> {item.content[locale]}
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p>{t('legal.noneNonAccessible')}</p>
      )}

      <Header as="h2" size="medium">{t('legal.preparationHeading')}</Header>
      <p>{t('legal.prepared', { prepared: formatDate(statement.preparedOn), reviewed: formatDate(statement.lastReviewedOn) })}</p>
      <p>{statement.method[locale]}</p>
      <p>{t('legal.automatedChecks')}</p>
      <ul className="legal-list">
        {statement.automatedChecks.map((check, i) => (
          <li key={i}>{check[locale]}</li>
        ))}
      </ul>

      <Header as="h2" size="medium">{t('legal.feedbackHeading')}</Header>
      <p>{t('legal.feedback', { days: statement.answerDays })}</p>
      <p>
        {t('legal.email')}: <a href={`mailto:${email}`}>{email}</a>
      </p>

      <Header as="h2" size="medium">{t('legal.enforcementHeading')}</Header>
      <p>{t('legal.enforcement')}</p>
      <address className="legal-address">
        {statement.enforcement.name[locale]}
        <br />
        {statement.enforcement.address}
        <br />
        {t('legal.web')}: <a href={statement.enforcement.web}>{statement.enforcement.web}</a>
      </address>
    </Segment>
  );
}
