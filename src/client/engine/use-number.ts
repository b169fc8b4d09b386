import { useTranslation } from 'react-i18next';
import { numberFormat } from './locale-format';

/** Numbers as the interface language writes them, with at most `fractionDigits` decimals. */
export function useNumber(fractionDigits = 0): Intl.NumberFormat {
  const { i18n } = useTranslation();
  return numberFormat(i18n.language, { maximumFractionDigits: fractionDigits });
}
