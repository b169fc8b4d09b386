import './styles/semantic-login-components';
import './styles/portal-styles';

import { guessedLocale, loadTranslations } from './i18n/translations';
import { loadSchemaDocs } from './shared/schema-docs';
import { startFailed } from './shared/start-failed';
import { yieldToMain } from './shared/yield-to-main';

/**
 * The login document's entry (`loginDocument` in `src/schema-runtime/pages.ts`): the login page for a visitor
 * without a session, without the app's router, store and API layer. It loads as the app's entry
 * does (`index.tsx`): the schema set first (the service's names, the languages), the shell texts
 * beside it.
 */
void loadTranslations(guessedLocale(document.cookie), 'shell').catch(() => undefined);
loadSchemaDocs()
  .then(yieldToMain)
  .then(() => import(/* webpackMode: "eager" */ './login-document'))
  .then((login) => login.start())
  .catch(startFailed);
