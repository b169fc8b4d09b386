import { useTranslation } from 'react-i18next';
import { Header, Segment, Table } from 'semantic-ui-react';
import type { PrivacyNotice } from '@generated';
import { retentionPeriodText } from '@/client/engine/retention-period';
import { currentLocale } from '@/client/i18n/i18n';
import { schemas } from '@/client/shared/schema-set';
import { useSchemaSetVersion } from '@/client/shared/use-schema-set-version';
import { retentionRules } from '@/schema-runtime/retention-rules';
import { readConsts } from '@/schema-runtime/vocabulary';
import './legal-notices.css';

type Category = PrivacyNotice['categories'][number];

/**
 * /ui/privacy — the privacy notice (GDPR Art. 13 and 14), from rules/privacy.json; each period it
 * states is the one of rules/retention.json that the retention job applies.
 */
export default function PrivacyPage() {
  const { t, i18n } = useTranslation();
  useSchemaSetVersion();
  const locale = currentLocale(i18n.language);
  const notice = readConsts<PrivacyNotice>(schemas.schema('rules/privacy'));
  const { service } = schemas;
  const rules = new Map(retentionRules(schemas).map((rule) => [rule.value as string, rule]));
  const kept = (category: Category): string => {
    const rule = category.retention ? rules.get(category.retention) : undefined;
    if (rule) {
      const period = retentionPeriodText(t, rule.period, i18n.language);
      return rule.value === 'inactive-users' ? t('legal.keptInactive', { period }) : t('legal.keptFor', { period });
    }
    return category.kept?.[locale] ?? '';
  };
  const cookieName = (name: string) => name.split('{serviceKey}').join(service.serviceKey);
  return (
    <Segment as="article" className="legal-notice" data-page="privacy">
      <Header as="h1">{t('titles.privacy')}</Header>
      <p>{t('legal.privacyIntro', { centre: service.centreName[locale], service: service.serviceName[locale] })}</p>

      <Header as="h2" size="medium">{t('legal.controllerHeading')}</Header>
      <address className="legal-address">
        {t('legal.controller')}: {service.centreName[locale]}, {notice.controllerAddress}
        <br />
        {t('legal.contact')}: <a href={`mailto:${service.contactEmail}`}>{service.contactEmail}</a>
        <br />
        {notice.dpo.name[locale]}: <a href={`mailto:${notice.dpo.email}`}>{notice.dpo.email}</a>
      </address>

      <Header as="h2" size="medium">{t('legal.purposesHeading')}</Header>
      <div className="legal-table-box" tabIndex={0} role="region" aria-label={t('legal.purposesHeading')}>
        <Table celled unstackable compact>
          <Table.Header>
            <Table.Row>
              <Table.HeaderCell scope="col">{t('legal.purpose')}</Table.HeaderCell>
              <Table.HeaderCell scope="col">{t('legal.basis')}</Table.HeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {notice.purposes.map((p, i) => (
              <Table.Row key={i}>
                <Table.Cell>{p.purpose[locale]}</Table.Cell>
                <Table.Cell>{p.basis[locale]}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table>
      </div>

      <Header as="h2" size="medium">{t('legal.categoriesHeading')}</Header>
      <div className="legal-table-box" tabIndex={0} role="region" aria-label={t('legal.categoriesHeading')}>
        <Table celled unstackable compact data-table="categories">
          <Table.Header>
            <Table.Row>
              <Table.HeaderCell scope="col">{t('legal.category')}</Table.HeaderCell>
              <Table.HeaderCell scope="col">{t('legal.source')}</Table.HeaderCell>
              <Table.HeaderCell scope="col">{t('legal.kept')}</Table.HeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {notice.categories.map((c, i) => (
              <Table.Row key={i} data-retention={c.retention ?? ''}>
                <Table.Cell>{c.category[locale]}</Table.Cell>
                <Table.Cell>{c.source[locale]}</Table.Cell>
                <Table.Cell data-cell="kept">{kept(c)}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table>
      </div>

      <Header as="h2" size="medium">{t('legal.recipientsHeading')}</Header>
      <ul className="legal-list">
        {notice.recipients.map((r, i) => (
          <li key={i}>{r[locale]}</li>
        ))}
      </ul>

      <Header as="h2" size="medium">{t('legal.rightsHeading')}</Header>
      <ul className="legal-list">
        {notice.rights.map((r, i) => (
          <li key={i}>{r[locale]}</li>
        ))}
      </ul>
      <p>{t('legal.rightsHow', { days: notice.answerDays })}</p>
      <p>{t('legal.complaint')}</p>
      <address className="legal-address">
        {notice.supervisoryAuthority.name[locale]}, {notice.supervisoryAuthority.address}
        <br />
        {t('legal.web')}: <a href={notice.supervisoryAuthority.web}>{notice.supervisoryAuthority.web}</a>
      </address>

      <Header as="h2" size="medium">{t('legal.cookiesHeading')}</Header>
      <p>{t('legal.cookiesIntro')}</p>
      <div className="legal-table-box" tabIndex={0} role="region" aria-label={t('legal.cookiesHeading')}>
        <Table celled unstackable compact data-table="cookies">
          <Table.Header>
            <Table.Row>
              <Table.HeaderCell scope="col">{t('legal.cookie')}</Table.HeaderCell>
              <Table.HeaderCell scope="col">{t('legal.cookiePurpose')}</Table.HeaderCell>
              <Table.HeaderCell scope="col">{t('legal.cookieLifetime')}</Table.HeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {notice.cookies.map((c) => (
              <Table.Row key={c.name}>
                <Table.Cell>
                  <code>{cookieName(c.name)}</code>
                </Table.Cell>
                <Table.Cell>{c.purpose[locale]}</Table.Cell>
                <Table.Cell>{c.lifetime[locale]}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table>
      </div>
    </Segment>
  );
}
