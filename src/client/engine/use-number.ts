import { useTranslation } from 'react-i18next';
import { numberFormat, type NumberWriter } from './locale-format';

/** Numbers as the interface language writes them, with at most `fractionDigits` decimals. */
export function useNumber(fractionDigits = 0): NumberWriter {
  const { i18n } = useTranslation();
  return numberFormat(i18n.language, { maximumFractionDigits: fractionDigits });
}
