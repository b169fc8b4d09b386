import { startTransition, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';

/**
 * Renders a document's tree into its `#root` (`document` names it in the error when missing). As
 * a transition the first render yields to the browser every few milliseconds instead of holding
 * the main thread for the whole tree: no long task for a phone to wait through.
 */
export function renderRoot(document: string, tree: ReactNode): void {
  const container = window.document.getElementById('root');
  if (!container) throw new Error(`${document} has no #root`);
  const root = createRoot(container);
  startTransition(() => root.render(tree));
}
