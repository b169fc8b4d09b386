import { expect, test, type Page } from '@playwright/test';
import { expectPath, loginAs } from './helpers/portal';

/**
 * What a page opened by its address asks the server for: on a phone every request that waits for
 * another is a round trip, so a page's first calls go out with its code rather than after it, and
 * nothing is asked for twice or in vain.
 */

/**
 * Paths (with query) of the requests made from here on. The page signed in on is left for a blank
 * one first, so that none of its own calls still in flight is counted.
 */
async function recordFromBlank(page: Page): Promise<string[]> {
  await page.goto('about:blank');
  const requested: string[] = [];
  page.on('request', (request) => {
    const { pathname, search } = new URL(request.url());
    requested.push(`${pathname}${search}`);
  });
  return requested;
}

/**
 * Holds back the page's own chunk until every one of `calls` has gone out (at most 5 s) and says
 * which did while it was held: calls a page makes only once its code runs never do.
 */
function holdChunk(page: Page, chunk: string, calls: string[]): Promise<string[]> {
  const seen = new Set<string>();
  let allSeen: () => void = () => undefined;
  const everyCall = new Promise<void>((resolve) => (allSeen = resolve));
  page.on('request', (request) => {
    const { pathname, search } = new URL(request.url());
    const call = `${pathname}${search}`;
    if (calls.includes(call)) seen.add(call);
    if (seen.size === calls.length) allSeen();
  });
  return new Promise((resolve) => {
    void page.route(new RegExp(`/static/${chunk}\\.[0-9a-f]+\\.js$`), async (route) => {
      await Promise.race([everyCall, new Promise((wait) => setTimeout(wait, 5000))]);
      resolve([...seen].sort());
      await route.continue();
    });
  });
}

const count = (list: string[], path: string) => list.filter((entry) => entry === path).length;

/**
 * Holds back the app's entry until `asked(requested)` is true (at most 3 s) and says whether it
 * became true while held: only the HTML's hints (server/page-preloads.ts) ask for anything before
 * the entry runs.
 */
function holdEntryUntil(page: Page, asked: () => boolean): Promise<boolean> {
  return new Promise((resolve) => {
    void page.route(/\/static\/main\.[0-9a-f]+\.js$/, async (route) => {
      const begin = Date.now();
      while (!asked() && Date.now() - begin < 3000) await new Promise((wait) => setTimeout(wait, 50));
      resolve(asked());
      await route.continue();
    });
  });
}


test.describe('opening a page', () => {
  test("my requests: the list's calls go out before the page's code has arrived; the session is checked once; no favicon round trip", async ({ page }) => {
    await loginAs(page, 'lead');
    const calls = ['/api/v1/internal/grants', '/api/v1/internal/projects-readiness/', '/api/v1/internal/projects/role/lead'];
    const requested = await recordFromBlank(page);
    const madeEarly = holdChunk(page, 'page-my-requests', calls);
    await page.goto('/ui/my-requests');
    await expect(page.locator('[data-page="my-requests"] tbody tr').first()).toBeVisible();

    expect(await madeEarly).toEqual(calls);
    for (const call of [...calls, '/api/v1/sessionactive', '/api/v1/internal/schemas/']) expect(count(requested, call), call).toBe(1);
    expect(requested).not.toContain('/favicon.ico');
  });

  // A request type's page is made per type of the live schema set: the build names it one route.
  for (const { name, path, chunk, shown } of [
    { name: 'my requests', path: '/ui/my-requests', chunk: 'page-my-requests', shown: '[data-page="my-requests"] tbody tr' },
    { name: "a request type's form", path: '/ui/new-request/practical-class', chunk: 'page-new-request-type', shown: 'form button[type="submit"]' },
  ]) {
    test(`${name}: the page's own code is asked for while the entry is still on its way, and each file once`, async ({ page }) => {
      await loginAs(page, 'lead');
      const requested = await recordFromBlank(page);
      const own = new RegExp(`^/static/${chunk}\\.[0-9a-f]+\\.js$`);
      const askedWhileHeld = holdEntryUntil(page, () => requested.some((file) => own.test(file)));
      await page.goto(path);
      await expect(page.locator(shown).first()).toBeVisible();

      expect(await askedWhileHeld).toBe(true);
      const files = requested.filter((file) => file.startsWith('/static/'));
      for (const file of new Set(files)) expect(count(files, file), file).toBe(1);
    });
  }

  // A signed-in visitor's HTML names the page's first calls (api/first-calls.ts): they start with
  // the entry, and the client's own fetch of each finds its answer instead of asking again.
  for (const { user, path, calls, shown } of [
    { user: 'lead', path: '/ui/my-requests', calls: ['/api/v1/internal/grants', '/api/v1/internal/projects-readiness/', '/api/v1/internal/projects/role/lead'], shown: '[data-page="my-requests"] tbody tr' },
    { user: 'staff', path: '/ui/requests', calls: ['/api/v1/internal/grid-page/requests?limit=0'], shown: '.schema-grid-view .ag-row' },
  ] as const) {
    test(`${path}: the page's first calls go out while the entry is still on its way, each once`, async ({ page }) => {
      await loginAs(page, user);
      const requested = await recordFromBlank(page);
      const askedWhileHeld = holdEntryUntil(page, () => calls.every((call) => requested.includes(call)));
      await page.goto(path);
      await expect(page.locator(shown).first()).toBeVisible();

      expect(await askedWhileHeld, `${calls.join(', ')} asked for while the entry was held`).toBe(true);
      for (const call of calls) expect(count(requested, call), call).toBe(1);
    });
  }

  test("the staff requests grid: whether its list is paged is asked before the page's code has arrived; the list once", async ({ page }) => {
    await loginAs(page, 'staff');
    const early = ['/api/v1/internal/grid-page/requests?limit=0'];
    const requested = await recordFromBlank(page);
    const madeEarly = holdChunk(page, 'page-staff-requests', early);
    await page.goto('/ui/requests');
    await expect(page.locator('.schema-grid-view .ag-row').first()).toBeVisible();

    expect(await madeEarly).toEqual(early);
    for (const call of ['/api/v1/sessionactive', '/api/v1/internal/grid-page/requests?limit=0', '/api/v1/internal/projects/all']) expect(count(requested, call), call).toBe(1);
  });

  test('a signed-out visitor who opens a staff grid signs in and sees it: the refused early calls are made again', async ({ page }) => {
    await page.goto('/ui/requests');
    await expect(page).toHaveURL(/\/ui\/login/);
    await loginAs(page, 'staff');
    await expectPath(page, '/ui/requests');
    await expect(page.locator('.schema-grid-view .ag-row').first()).toBeVisible();
  });

  const shownOnce = [
    { user: 'lead', path: '/ui/my-requests', chunk: 'page-my-requests', list: '/api/v1/internal/projects/role/lead', firstRow: '[data-page="my-requests"] tbody tr' },
    { user: 'staff', path: '/ui/requests', chunk: 'page-staff-requests', list: '/api/v1/internal/projects/all', firstRow: '.schema-grid-view .ag-row' },
  ] as const;
  for (const { user, path, chunk, list, firstRow } of shownOnce) {
    for (const late of ['code', 'rows'] as const) {
      test(`on a phone ${path} moves nothing once shown, when its ${late} come${late === 'code' ? 's' : ''} last`, async ({ page }) => {
        await page.setViewportSize({ width: 412, height: 823 });
        await loginAs(page, user);
        await page.goto('about:blank');
        await page.addInitScript(() => {
          const shifts: number[] = [];
          (window as unknown as { layoutShifts: number[] }).layoutShifts = shifts;
          new PerformanceObserver((entries) => entries.getEntries().forEach((e) => shifts.push((e as unknown as { value: number }).value))).observe({ type: 'layout-shift', buffered: true });
        });
        // One of the two arrives a moment after the other is in, as on a slow link: the page shows
        // a loader in between, and what it shows then must not move when the rest comes.
        const isCode = (url: URL) => new RegExp(`/static/${chunk}\\.[0-9a-f]+\\.js$`).test(url.pathname);
        const isList = (url: URL) => url.pathname === list;
        const [held, awaited] = late === 'code' ? [isCode, isList] : [isList, isCode];
        const otherIn = page.waitForResponse((response) => awaited(new URL(response.url())));
        await page.route(held, async (route) => {
          await otherIn;
          await page.waitForTimeout(400);
          await route.continue();
        });
        await page.goto(path);
        await expect(page.locator(firstRow).first()).toBeVisible();
        await page.waitForTimeout(300);
        const shifted = await page.evaluate(() => (window as unknown as { layoutShifts: number[] }).layoutShifts.reduce((sum, v) => sum + v, 0));
        expect(shifted).toBeLessThan(0.05);
      });
    }
  }
});
