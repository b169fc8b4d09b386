/*
 * The portal's own styles and its font, which every document of the client loads after its
 * Semantic UI components: the app's (`index.tsx`) and the login document's (`login.tsx`).
 */
import '@fontsource/lato/400.css';
import '@fontsource/lato/400-italic.css';
import '@fontsource/lato/700.css';
import '@fontsource/lato/700-italic.css';
import './global.css';
