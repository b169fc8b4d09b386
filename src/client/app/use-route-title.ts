import { useTranslation } from 'react-i18next';
import { currentLocale } from '@/client/i18n/i18n';
import { useRouteHandle } from './route-handle-context';

/** The current page's title in the current language. */
export function useRouteTitle(): string {
  const { t, i18n } = useTranslation();
  const handle = useRouteHandle();
  if (!handle) return '';
  const { title } = handle;
  return 'key' in title ? t(`titles.${title.key}`) : title.text[currentLocale(i18n.language)];
}
