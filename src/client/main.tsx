/** The app, evaluated once the schema set is loaded (see `index.tsx`). */
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router';
import { sessionApi } from './api/session';
import { useScienceSoftwareQuery } from './api/software';
import { provideFieldData } from './engine/schema-form/field-data';
import { AppRoutes } from './app/app-routes';
import { preloadPage } from './app/preload-page';
import { createStore } from './app/store';
import { loadI18n } from './i18n/i18n';
import { watchSchemaSet } from './shared/schema-docs';
import { ToastProvider } from './shared/toast/toast-provider';
import { renderRoot } from './shared/render-root';
import { yieldToMain } from './shared/yield-to-main';

/** Starts the app once the schema set is loaded; resolves when the first render is under way. */
export async function start(): Promise<void> {
  provideFieldData({ useInstalledSoftware: useScienceSoftwareQuery });
  const store = createStore();
  // The session is checked once on load, before the first page needs it (and while the texts load).
  void store.dispatch(sessionApi.endpoints.session.initiate());
  preloadPage(window.location.pathname, store.dispatch);
  // Each step below is its own task on a phone: the calls above go out, then the texts are set up,
  // then the first render starts (see yieldToMain).
  await yieldToMain();
  const i18n = await loadI18n();
  await yieldToMain();
  // A set put live while the page was in the background is fetched when the user comes back to it.
  watchSchemaSet();

  renderRoot(
    'index.html',
    <Provider store={store}>
      <I18nextProvider i18n={i18n}>
        <ToastProvider>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </ToastProvider>
      </I18nextProvider>
    </Provider>,
  );
}
