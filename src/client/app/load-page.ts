import { pageTexts } from '@/client/i18n/i18n';
import { isSignedOut } from '@/schema-runtime/pages';
import type { PageRoute } from './route-types';

/**
 * A page's module; for every page but the signed-out ones, together with the pages' texts and the
 * part the page names (`texts`; i18n/text-parts.ts), so that no such page renders before its texts
 * are there.
 */
export function loadPage(page: PageRoute): ReturnType<PageRoute['load']> {
  if (isSignedOut(page.access) && !page.frame) return page.load();
  return Promise.all([page.load(), pageTexts(), page.texts && pageTexts(page.texts)]).then(([module]) => module);
}
