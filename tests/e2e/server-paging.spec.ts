import { expect, test, type Page } from '@playwright/test';
import { startPortalOnSchemas } from './helpers/schema-copy-portal';
import { copySchemas } from '../../harness/schema-copy';
import { downloadCsv } from './helpers/csv-download';
import { expectPath, loginAs, screenshot } from './helpers/portal';
import { expectNoSeriousAxe } from './helpers/axe';

/**
 * The staff grids with their lists paged on the server: a portal on a schema copy whose
 * rules/lists.json pages every list from its first row (and whose pages are 3 rows, at most 3 a call,
 * so an export fetches several) shows the same grid — filters, sort, page buttons, footer texts, row numbers,
 * row links, CSV export — with each page asked of the server. In hr and en, axe-clean, at 390 px.
 */
const port = Number(process.env.E2E_PORT ?? 8123) + 2;
const base = `http://127.0.0.1:${port}`;
const copy = copySchemas();
let stopPortal: (() => void) | undefined;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  copy.edit('rules/lists.json', (doc) => {
    for (const list of Object.values(doc.properties.lists.const) as { pagedFrom: number }[]) list.pagedFrom = 1;
    doc.properties.pageRowsMax.const = 3;
  });
  copy.edit('rules/constants.json', (doc) => {
    doc.properties.defaultPageSize.const = 3;
    doc.properties.pageSizes.const = [3, 5, 10];
  });
  stopPortal = await startPortalOnSchemas(port, copy.dir);
});

test.afterAll(async () => {
  stopPortal?.();
  copy.remove();
});

test.use({ baseURL: base });

interface PageAnswer {
  count: number;
  rows: { identifier?: string; name?: string; username?: string; first_name?: string; last_name?: string }[];
}

/** A page as the API answers it to the browser's session. */
async function apiPage(page: Page, grid: string, query: string): Promise<PageAnswer> {
  const answer = await page.request.get(`/api/v1/internal/grid-page/${grid}?${query}`);
  expect(answer.ok()).toBe(true);
  return (await answer.json()) as PageAnswer;
}

/** Every row of a grid's filters, read 3 at a time (the copy's pageRowsMax). */
async function apiAll(page: Page, grid: string, query = ''): Promise<PageAnswer> {
  const rows: PageAnswer['rows'] = [];
  for (let count = Infinity; rows.length < count; ) {
    const answer = await apiPage(page, grid, `${query}&offset=${rows.length}&limit=3`);
    count = answer.count;
    if (answer.rows.length === 0) break;
    rows.push(...answer.rows);
  }
  return { count: rows.length, rows };
}

const rows = (page: Page) => page.locator('.schema-grid-view .ag-row');
const counter = (page: Page) => page.getByTestId('grid-count');

async function pickFilter(page: Page, key: string, option: string): Promise<void> {
  await page.locator(`[data-filter="${key}"] .ui.dropdown`).click();
  await page.locator(`[data-filter="${key}"] .menu .item`, { hasText: new RegExp(`^${option}$`) }).click();
}

test('the projects grid pages on the server: filter, page, row numbers, row link, in Croatian', async ({ page }) => {
  await loginAs(page, 'staff');
  await page.goto('/ui/projects');
  await expect(page.locator('.schema-grid[data-paged="server"]')).toBeVisible();
  const all = await apiAll(page, 'projects');
  expect(all.count).toBeGreaterThan(3);
  await expect(counter(page)).toHaveText(`1–3 od ${all.count} projekata`);
  await expect(rows(page)).toHaveCount(3);
  // Row numbers count down from the total, the first page first.
  await expect(rows(page).first().locator('.grid-row-number')).toHaveText(String(all.count));
  await expect(page.getByRole('link', { name: all.rows[0].name! })).toBeVisible();
  await screenshot(page, 'staff-projects-paged');

  await page.locator('.grid-footer .pagination .item', { hasText: /^2$/ }).click();
  await expect(counter(page)).toHaveText(`4–${Math.min(6, all.count)} od ${all.count} projekata`);
  await expect(rows(page).first().locator('.grid-row-number')).toHaveText(String(all.count - 3));
  await expect(page.getByRole('link', { name: all.rows[3].name! })).toBeVisible();

  const practical = await apiPage(page, 'projects', 'limit=0&type=practical');
  expect(practical.count).toBeGreaterThan(0);
  await pickFilter(page, 'type', 'Nastava');
  await expect(counter(page)).toHaveAttribute('data-count', String(practical.count));
  await pickFilter(page, 'type', 'Svi');
  await expect(counter(page)).toHaveAttribute('data-count', String(all.count));

  // A text filter asks once typing pauses; any path of the filter, case-insensitively.
  const wanted = all.rows[4];
  await page.locator('[data-filter="search"] input').pressSequentially(wanted.identifier!.toLowerCase(), { delay: 20 });
  await expect(counter(page)).toHaveAttribute('data-count', '1');
  await page.getByRole('link', { name: wanted.name! }).click();
  await expectPath(page, `/ui/projects/${encodeURIComponent(wanted.identifier!)}`);
  await expect(page.locator('h1')).toBeVisible();
});

test("a row that shows another project shows its type badge's colour at once, not a fade from the last one", async ({ page }) => {
  await loginAs(page, 'staff');
  await page.goto('/ui/projects');
  await expect(rows(page)).toHaveCount(3);
  // The grid reuses its three rows for page 2. At the first frame that shows page 2, and 0.4 s
  // later, the colour of each row's type badge.
  const seen = await page.evaluate(
    () =>
      new Promise<{ before: string[]; after: string[]; first: string[]; settled: string[] }>((resolve) => {
        const badges = () => [...document.querySelectorAll<HTMLElement>('.schema-grid-view .ag-row .type-badge > .label:first-child')];
        const texts = () => badges().map((badge) => badge.textContent ?? '');
        const colours = () => badges().map((badge) => getComputedStyle(badge).backgroundColor);
        const before = texts();
        const check = () => {
          if (texts().join('|') === before.join('|')) return requestAnimationFrame(check);
          const first = colours();
          setTimeout(() => resolve({ before, after: texts(), first, settled: colours() }), 400);
        };
        [...document.querySelectorAll<HTMLElement>('.grid-footer .pagination .item')].find((item) => item.textContent?.trim() === '2')!.click();
        requestAnimationFrame(check);
      }),
  );
  // Some row changed its project's type (a row that did not would show its colour either way).
  expect(seen.after.some((type, i) => type !== seen.before[i])).toBe(true);
  expect(seen.first).toEqual(seen.settled);
});

test('the users grid sorts on the server in Croatian order, and the no-key toggle narrows it', async ({ page }) => {
  await loginAs(page, 'staff');
  await page.goto('/ui/users');
  await expect(page.locator('.schema-grid[data-paged="server"]')).toBeVisible();
  const sorted = await apiAll(page, 'users-active', 'sort=last_name&order=asc');
  await page.locator('.ag-header-cell', { hasText: 'Ime i email' }).click();
  // Sorted rows count up from 1.
  await expect(rows(page).first().locator('.grid-row-number')).toHaveText('1');
  const shown = await page.locator('.schema-grid-view .ag-row .grid-user-name a').allTextContents();
  expect(shown.map((n) => n.trim())).toEqual(sorted.rows.slice(0, 3).map((u) => `${u.first_name} ${u.last_name}`));
  await page.locator('.ag-header-cell', { hasText: 'Ime i email' }).click();
  const descending = await apiPage(page, 'users-active', 'limit=1&sort=last_name&order=desc');
  await expect(page.locator('.schema-grid-view .ag-row .grid-user-name a').first()).toHaveText(`${descending.rows[0].first_name} ${descending.rows[0].last_name}`);

  const withoutKey = await apiPage(page, 'users-active', 'limit=0&searchSSHKey=no');
  await page.getByTestId('readiness-filter').click();
  await expect(counter(page)).toHaveAttribute('data-count', String(withoutKey.count));
});

test('a paged grid exports every row the filters leave, fetched in pages, with its columns', async ({ page }) => {
  await loginAs(page, 'staff');
  await page.goto('/ui/requests');
  await expect(page.locator('.schema-grid[data-paged="server"]')).toBeVisible();
  const all = await apiAll(page, 'requests');
  await expect(counter(page)).toHaveAttribute('data-count', String(all.count));
  const csv = await downloadCsv(page, page.getByRole('button', { name: 'Izvoz CSV' }));
  expect(csv.fileName).toBe('requests.csv');
  expect(csv.bom).toBe(true);
  expect(csv.header[0]).toBe('#');
  expect(csv.rows).toHaveLength(all.count);
  // Every row once, numbered down from the total as the grid numbers them.
  expect(csv.rows.map((r) => r[0])).toEqual(all.rows.map((_, i) => String(all.count - i)));
});

test('the paged grid in English, axe-clean, and at 390 px', async ({ page, context }) => {
  await loginAs(page, 'staff');
  await page.goto('/ui/projects');
  const all = await apiPage(page, 'projects', 'limit=0');
  await expect(counter(page)).toHaveText(`1–3 od ${all.count} projekata`);
  await expectNoSeriousAxe(page, null);
  await page.getByRole('button', { name: 'EN', exact: true }).click();
  await expect(counter(page)).toHaveText(`1–3 of ${all.count} projects`);
  await expect(rows(page)).toHaveCount(3);
  await expectNoSeriousAxe(page, null);
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(rows(page).first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await screenshot(page, 'staff-projects-paged-phone');
  await context.clearCookies();
});
