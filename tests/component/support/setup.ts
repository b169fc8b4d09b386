import '@testing-library/jest-dom';
import { loadSchemaFiles } from '../../../src/schema-runtime/node';
import { provideSchemaDocs } from '../../../src/client/shared/schema-docs';
import { SMALL_FORM, SMALL_TABLE } from './small-schemas';

// The client reads the schema set before its modules are evaluated, as index.tsx does after fetching it.
provideSchemaDocs([...loadSchemaFiles(), SMALL_FORM, SMALL_TABLE]);

// jsdom has no Popover API (shared/popover.tsx opens its box with it): showing and hiding mark the
// element, as a browser's `:popover-open` would, without a top layer or light dismiss.
if (!('showPopover' in HTMLElement.prototype)) {
  Object.assign(HTMLElement.prototype, {
    showPopover(this: HTMLElement) {
      this.toggleAttribute('data-popover-open', true);
    },
    hidePopover(this: HTMLElement) {
      this.toggleAttribute('data-popover-open', false);
    },
  });
}

// Warnings of the libraries themselves (semantic-ui-react's defaultProps and findDOMNode, AG Grid's
// own asynchronous renders), not of our code: kept out of the output so that ours stand out.
const LIBRARY_WARNINGS = [/Support for defaultProps will be removed/, /findDOMNode is deprecated/, /not wrapped in act\(/];
const consoleError = console.error.bind(console);
console.error = (...args: unknown[]) => {
  if (typeof args[0] === 'string' && LIBRARY_WARNINGS.some((w) => w.test(args[0] as string))) return;
  consoleError(...args);
};
