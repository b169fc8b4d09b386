import type { Page, Request } from '@playwright/test';

/**
 * The page's requests in flight, from the moment this is called: `quiet()` resolves once none has
 * been for `quietMs`. Playwright's `networkidle` waits 500 ms with no connection on every page,
 * most of a second per stop of a walk over a hundred pages; a page of this portal that has
 * nothing in flight for 200 ms has asked for all its first screen needs (no page keeps a
 * connection open).
 */
export function requestsInFlight(page: Page, quietMs = 200): { quiet(): Promise<void>; stop(): void } {
  const open = new Set<Request>();
  let changed = Date.now();
  const started = (request: Request) => {
    open.add(request);
    changed = Date.now();
  };
  const ended = (request: Request) => {
    open.delete(request);
    changed = Date.now();
  };
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  return {
    async quiet() {
      while (open.size > 0 || Date.now() - changed < quietMs) await page.waitForTimeout(25);
    },
    stop() {
      page.off('request', started);
      page.off('requestfinished', ended);
      page.off('requestfailed', ended);
    },
  };
}
