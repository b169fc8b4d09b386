import { pageTexts } from '@/client/i18n/i18n';
import type { PageRoute } from './route-types';

/** Whether a page is shown signed out (the login layout, the redirects): it needs only the shell texts. */
const signedOut = (page: PageRoute): boolean => page.access === 'public' || page.access === 'session';

/**
 * A page's module; for every page but the signed-out ones, together with the pages' texts
 * (i18n/text-parts.ts), so that no such page renders before its texts are there.
 */
export function loadPage(page: PageRoute): ReturnType<PageRoute['load']> {
  if (signedOut(page)) return page.load();
  return Promise.all([page.load(), pageTexts()]).then(([module]) => module);
}
