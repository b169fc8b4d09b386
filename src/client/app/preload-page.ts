import type { PrefetchDispatch } from '@/client/api/prefetch';
import { isSignedOut } from '@/schema-runtime/pages';
import { loadPage } from './load-page';
import { pageOfPath } from './route-access';

/**
 * Starts loading the chunks of the page the address opens (with its texts, and the logged-in frame
 * around it) as the app starts, alongside the texts and the session check, instead of one after
 * another as the routes render: on a phone each of those waits is a round trip of half a second.
 * The page's first calls start then too (its route's `prefetch`). The lazy components then find
 * the modules loaded and the hooks the answers cached; a failed load is left for them to report.
 */
export function preloadPage(path: string, dispatch: PrefetchDispatch): void {
  const page = pageOfPath(path);
  if (!page) return;
  void loadPage(page).catch(() => undefined);
  page.prefetch?.(dispatch);
  if (!isSignedOut(page.access)) {
    void import(/* webpackChunkName: "app-frame" */ './layout/app-layout').catch(() => undefined);
  }
}
