/** The app, evaluated once the schema set is loaded (see `index.tsx`). */
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router';
import { sessionApi } from './api/session';
import { useScienceSoftwareQuery } from './api/software';
import { provideFieldData } from './engine/schema-form/field-data';
import { AppRoutes } from './app/app-routes';
import { createStore } from './app/store';
import { initI18n } from './i18n/i18n';
import { ToastProvider } from './shared/toast/toast-provider';

provideFieldData({ useInstalledSoftware: useScienceSoftwareQuery });
const store = createStore();
const i18n = initI18n();
// The session is checked once on load, before the first page needs it.
void store.dispatch(sessionApi.endpoints.session.initiate());

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root');

createRoot(container).render(
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
