import 'semantic-ui-css/semantic.min.css';
import '@fontsource/lato/400.css';
import '@fontsource/lato/400-italic.css';
import '@fontsource/lato/700.css';
import '@fontsource/lato/700-italic.css';
import './styles/global.css';

import { loadSchemaDocs } from './shared/schema-docs';

/**
 * The schema set comes from the server before any module that reads it is evaluated: the app is
 * imported only then. `eager` keeps it in this chunk, so the page needs no extra request for it.
 */
loadSchemaDocs()
  .then(() => import(/* webpackMode: "eager" */ './main'))
  .catch((error: unknown) => {
    const container = document.getElementById('root');
    if (container) container.textContent = 'Portal trenutno nije dostupan. / The portal is unavailable.';
    throw error;
  });
