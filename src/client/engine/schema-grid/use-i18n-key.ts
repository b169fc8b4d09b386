import { useTranslation } from 'react-i18next';

/**
 * Translates a key read from a layout file. Layout keys are data, not literals in code, so the
 * typed `t` cannot check them at compile time; the layout unit test checks they exist instead.
 */
export function useI18nKey(): (key: string, options?: Record<string, unknown>) => string {
  const { t } = useTranslation();
  return (key, options) => (t as unknown as (k: string, o?: Record<string, unknown>) => string)(key, options);
}
