import './styles/semantic-components';
import './styles/portal-styles';

import { guessedLocale, loadTranslations } from './i18n/translations';
import { loadSchemaDocs } from './shared/schema-docs';
import { startFailed } from './shared/start-failed';
import { yieldToMain } from './shared/yield-to-main';

/**
 * The schema set comes from the server before any module that reads it is evaluated: the app is
 * imported only then (a set that goes live later replaces it in place: `shared/schema-docs.ts`).
 * `eager` keeps it in this chunk, so the page needs no extra request for it. The interface texts
 * start loading at the same time, so they cost no round trip of their own.
 *
 * Reading the set and evaluating the app's code are separate tasks (`yieldToMain`), not one long
 * one: React first, then the API layer (RTK Query and the endpoints the session check needs), then
 * the rest. A module evaluated in an earlier step is only looked up in a later one.
 */
void loadTranslations(guessedLocale(document.cookie), 'shell').catch(() => undefined);
loadSchemaDocs()
  .then(yieldToMain)
  .then(() => import(/* webpackMode: "eager" */ 'react-dom/client'))
  .then(yieldToMain)
  .then(() => import(/* webpackMode: "eager" */ './api/session'))
  .then(yieldToMain)
  .then(() => import(/* webpackMode: "eager" */ './main'))
  .then((main) => main.start())
  .catch(startFailed);
