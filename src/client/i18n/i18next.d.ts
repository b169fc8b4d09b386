// Types every translation key from the default-language file, so `t('a.missing.key')` fails the type check.
import 'i18next';
import type hr from './hr.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof hr };
  }
}
