/*
 * The Semantic UI components the portal renders (through semantic-ui-react, @rjsf/semantic-ui or
 * `ui …` class names), in semantic.min.css's own order so the cascade is the same. The whole
 * semantic.min.css is 99 KB gzip of render-blocking CSS; these are 68 KB. A component added to a
 * page that is not listed here renders unstyled: add its file here, in the same order.
 */
import 'semantic-ui-css/components/reset.min.css';
import 'semantic-ui-css/components/site.min.css';
import 'semantic-ui-css/components/button.min.css';
import 'semantic-ui-css/components/divider.min.css';
import 'semantic-ui-css/components/header.min.css';
import 'semantic-ui-css/components/icon.min.css';
import 'semantic-ui-css/components/input.min.css';
import 'semantic-ui-css/components/label.min.css';
import 'semantic-ui-css/components/list.min.css';
import 'semantic-ui-css/components/loader.min.css';
import 'semantic-ui-css/components/placeholder.min.css';
import 'semantic-ui-css/components/segment.min.css';
import 'semantic-ui-css/components/form.min.css';
import 'semantic-ui-css/components/grid.min.css';
import 'semantic-ui-css/components/menu.min.css';
import 'semantic-ui-css/components/message.min.css';
import 'semantic-ui-css/components/table.min.css';
import 'semantic-ui-css/components/card.min.css';
import 'semantic-ui-css/components/checkbox.min.css';
import 'semantic-ui-css/components/dropdown.min.css';
import 'semantic-ui-css/components/modal.min.css';
import 'semantic-ui-css/components/popup.min.css';
import 'semantic-ui-css/components/progress.min.css';
import 'semantic-ui-css/components/transition.min.css';
