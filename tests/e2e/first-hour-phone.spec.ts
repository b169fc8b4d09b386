import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoSeriousAxe, useLanguage } from './helpers/axe';
import { loginAs, screenshot } from './helpers/portal';

/** The first hour on a phone (390 × 844): headers readable, first rows and decisions in reach. */
const PHONE = { width: 390, height: 844 };
const LANGS = ['hr', 'en'] as const;

test.use({ viewport: PHONE });

interface ProjectRow {
  identifier: string;
  state: { name: string };
}

/** The element's box in page coordinates (independent of the scroll position). */
async function pageBox(page: Page, selector: string): Promise<{ top: number; bottom: number; left: number; right: number }> {
  return page.locator(selector).first().evaluate((el) => {
    const r = el.getBoundingClientRect();
    return { top: r.top + window.scrollY, bottom: r.bottom + window.scrollY, left: r.left, right: r.right };
  });
}

/** The elements in `cell` (itself included) whose text does not fit their box. */
async function truncated(cell: Locator): Promise<string[]> {
  return cell.evaluate((root) =>
    [root, ...Array.from(root.querySelectorAll('*'))]
      .filter((el) => el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX !== 'visible')
      .map((el) => `${el.className}: ${el.textContent ?? ''}`),
  );
}

/** Expects the element to lie wholly inside the phone's screen width. */
async function expectWithinWidth(button: Locator): Promise<void> {
  await button.scrollIntoViewIfNeeded();
  const box = (await button.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
}

/** Expects a stacked table's header to be drawn: white text on the brand colour, not on nothing. */
async function expectReadableHeader(page: Page, table: string): Promise<void> {
  const header = page.locator(`${table} thead th`).first();
  await expect(header).toBeVisible();
  const colours = await header.evaluate((th) => ({ text: getComputedStyle(th).color, row: getComputedStyle(th.parentElement!).backgroundColor }));
  expect(colours.text).toBe('rgb(255, 255, 255)');
  expect(colours.row).not.toBe('rgba(0, 0, 0, 0)');
}

for (const lang of LANGS) {
  test.describe(`on a phone [${lang}]`, () => {
    test('the staff requests grid shows its header and first row above the fold', async ({ page }) => {
      await loginAs(page, 'staff');
      if (lang === 'en') await useLanguage(page, 'en');
      await page.goto('/ui/requests');
      const firstRow = page.locator('.schema-grid-view .ag-row').first();
      await expect(firstRow).toBeVisible();
      await expect(page.locator('.ag-header-cell').first()).toBeVisible();
      expect((await firstRow.boundingBox())!.y + 40).toBeLessThan(PHONE.height);
      // The request's name is shown whole: it stays on the screen and wraps instead of being cut.
      const name = page.locator('.schema-grid-view .ag-row').first().locator('[col-id="name"]').first();
      await expect(name).not.toHaveText('');
      expect(await truncated(name)).toEqual([]);
      await expectWithinWidth(name);
      // The filters fold behind one button, which opens them.
      const toggle = page.locator('.grid-filter-toggle');
      await expect(toggle).toBeVisible();
      await expect(page.locator('[data-filter]').first()).toBeHidden();
      await toggle.click();
      await expect(page.locator('[data-filter]').first()).toBeVisible();
      await screenshot(page, `phone-requests-${lang}`);
      await expectNoSeriousAxe(page);
    });

    test('the processing screen puts the decision right after the request summary', async ({ page }) => {
      await loginAs(page, 'staff');
      if (lang === 'en') await useLanguage(page, 'en');
      const projects = (await (await page.request.get('/api/v1/internal/projects/all')).json()) as ProjectRow[];
      const request = projects.find((p) => p.state.name === 'submit')!;
      await page.goto(`/ui/requests/${encodeURIComponent(request.identifier)}`);
      await expect(page.locator('.processing-panel')).toBeVisible();
      const summary = await pageBox(page, '.general-summary');
      const panel = await pageBox(page, '.processing-panel');
      expect(panel.top).toBeGreaterThanOrEqual(summary.bottom);
      expect(panel.top - summary.bottom).toBeLessThan(PHONE.height);
      // Every button of the panel fits the screen's width.
      for (const button of await page.locator('.processing-buttons .ui.button').all()) {
        const box = (await button.boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
      }
      await expectReadableHeader(page, '.readiness-table');
      await screenshot(page, `phone-processing-${lang}`);
      await expectNoSeriousAxe(page);
    });

    test('the lead’s membership page draws the readiness table’s header', async ({ page }) => {
      await loginAs(page, 'lead');
      if (lang === 'en') await useLanguage(page, 'en');
      const mine = (await (await page.request.get('/api/v1/internal/projects/role/lead')).json()) as ProjectRow[];
      const project = mine.find((p) => p.state.name === 'approve')!;
      await page.goto(`/ui/memberships/${encodeURIComponent(project.identifier)}`);
      await expect(page.locator('.readiness-table')).toBeVisible();
      await expectReadableHeader(page, '.readiness-table');
      await expectNoSeriousAxe(page);
    });

    test('my public keys keep Delete on the screen and the fingerprint short', async ({ page }) => {
      await loginAs(page, 'lead');
      if (lang === 'en') await useLanguage(page, 'en');
      await page.goto('/ui/public-keys');
      const row = page.locator('tr[data-key-name="laptop"]');
      await expect(row).toBeVisible();
      await expectReadableHeader(page, '.keys-table');
      await expectWithinWidth(row.getByRole('button', { name: lang === 'hr' ? 'Izbriši' : 'Delete' }));
      const print = (await row.getByTestId('key-fingerprint-text').boundingBox())!;
      expect(print.height).toBeLessThan(4 * 20);
      await screenshot(page, `phone-public-keys-${lang}`);
      await expectNoSeriousAxe(page);
    });

    test('the software grid keeps each row’s Delete on the screen', async ({ page }) => {
      await loginAs(page, 'staff');
      if (lang === 'en') await useLanguage(page, 'en');
      await page.goto('/ui/software');
      const firstRow = page.locator('.schema-grid-view .ag-row').first();
      await expect(firstRow).toBeVisible();
      expect((await firstRow.boundingBox())!.y).toBeLessThan(PHONE.height);
      await expectWithinWidth(page.getByRole('button', { name: lang === 'hr' ? 'Izbriši' : 'Delete' }).first());
      await screenshot(page, `phone-software-${lang}`);
      await expectNoSeriousAxe(page);
    });
  });
}
