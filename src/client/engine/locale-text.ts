import { useTranslation } from 'react-i18next';

/** A text given in both languages, as schemas annotate labels and tooltips. */
export type LocaleText = { hr: string; en: string };

/** Picks the text of the current interface language (English only when the language is en). */
export function useLocaleText(): (text: LocaleText | undefined) => string {
  const { i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'hr';
  return (text) => (text ? text[lang] : '');
}
