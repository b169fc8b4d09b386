import { useTranslation } from 'react-i18next';
import { currentLocale, locales, setLocale } from '@/client/i18n/i18n';

/**
 * HR | EN switch; the choice is kept in the service's language cookie. Plain semantic-ui markup: it is
 * on the login page, whose JS must stay small.
 */
export function LanguageToggle() {
  const { t, i18n } = useTranslation();
  const active = currentLocale(i18n.language);
  return (
    <div className="ui mini buttons language-toggle" role="group" aria-label={t('language.label')}>
      {locales.map((locale) => {
        const isActive = locale === active;
        return (
          <button
            key={locale}
            type="button"
            className={`ui ${isActive ? 'active brand' : 'basic'} button`}
            aria-pressed={isActive}
            lang={locale}
            onClick={() => setLocale(locale)}
          >
            {t(`language.${locale}`)}
          </button>
        );
      })}
    </div>
  );
}
