import { useTranslation } from 'react-i18next';
import { currentLocale, type Locale } from '@/client/i18n/i18n';
import { schemas } from '@/client/shared/schema-set';
import { useRouteHandle } from './route-handle-context';

/** The current page's title in the current language. */
export function useRouteTitle(): string {
  const { t, i18n } = useTranslation();
  const handle = useRouteHandle();
  if (!handle) return '';
  const { title } = handle;
  return 'key' in title ? t(`titles.${title.key}`) : title.text[currentLocale(i18n.language)];
}

/** A document's title: `<service> | <page>`, or the service alone for a page without a title. */
export function documentTitle(locale: Locale, title: string): string {
  const service = schemas.service.serviceName[locale];
  return title ? `${service} | ${title}` : service;
}
