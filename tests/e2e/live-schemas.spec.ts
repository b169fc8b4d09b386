import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { useSchemaCopyPortal } from './helpers/schema-copy-portal';
import { expectPath, expectToast, loginAs, logout } from './helpers/portal';
import { expectNoSeriousAxe } from './helpers/axe';

/*
 * A schema edit goes live without a restart and reaches open browsers: a portal of this file's own
 * serves a copy of schemas/ and watches it. A lead's open request form refuses 7000 CPU cores,
 * the copy's maximum is raised to 7000, and the same form, not reloaded and with everything typed
 * still in it, takes them. Staff then read the new limit and the change on the rules page, in
 * Croatian and English, axe-clean at 1366 and at 390 px.
 */
const { copy } = useSchemaCopyPortal(4);
const PHONE_WIDTH = 390;
const FIELD = 'root_science_field';

async function pick(page: Page, dropdownId: string, option: string): Promise<void> {
  const dropdown = page.locator(`[id="${dropdownId}"]`);
  await dropdown.click();
  await dropdown.locator('.menu .item', { hasText: option }).first().click();
}

const submit = (page: Page) => page.getByRole('button', { name: 'Podnesi zahtjev' }).click();

/** The set the server has in use, as every answer names it. */
async function setInUse(page: Page): Promise<string | undefined> {
  return (await page.request.get('/api/v1/sessionactive')).headers()['x-schema-set'];
}

/** The rules page at 1366 and at 390 px: axe-clean at both, nothing wider than the phone. */
async function checkBothWidths(page: Page, testInfo: TestInfo, lang: string): Promise<void> {
  await page.setViewportSize({ width: 1366, height: 860 });
  await expectNoSeriousAxe(page, null);
  await page.screenshot({ path: testInfo.outputPath(`rules-${lang}-1366.png`), fullPage: true });
  await page.setViewportSize({ width: PHONE_WIDTH, height: 844 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE_WIDTH);
  await expectNoSeriousAxe(page, null);
  await page.screenshot({ path: testInfo.outputPath(`rules-${lang}-390.png`), fullPage: true });
  await page.setViewportSize({ width: 1366, height: 860 });
}

test('an open request form enforces a maximum raised in the schemas; the rules page shows the limit and its history', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  const name = `Praktikum ${Date.now().toString(36)}`;
  await loginAs(page, 'lead');
  await page.goto('/ui/new-request/practical-class');
  await page.locator('#root_name').fill(name);
  await page.locator('#root_reason').fill('Obrazloženje zahtjeva za potrebe testiranja.');
  await page.locator('#root_date_start').fill('01.12.2026');
  await page.locator('#root_date_end').fill('31.01.2027');
  await pick(page, `${FIELD}-0-domain`, 'Prirodne znanosti');
  await page.locator(`[id="${FIELD}-0-percent"]`).fill('100');
  await pick(page, `${FIELD}-0-field-0`, 'Fizika');
  await page.locator(`[id="${FIELD}-0-field-0-percent"]`).fill('100');
  await pick(page, 'root_resources_type', 'CPU');
  const cpu = page.locator('#root_resources_numbers-HPCnSlotsCPU');
  await cpu.fill('7000');
  await submit(page);
  await expect(page.getByText('Broj ne može biti veći od 6656')).toBeVisible();

  // Staff raise the maximum in the schema folder; the server puts the edit live by itself.
  const before = await setInUse(page);
  copy.edit('rules/resource-limits.json', (doc) => {
    doc.properties.HPCnSlotsCPU.maximum = 7000;
  });
  await expect.poll(() => setInUse(page), { timeout: 10_000 }).not.toBe(before);

  // The lead comes back to the window: the page fetches the new set, the open form follows it.
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  await expect(page.getByText('Broj ne može biti veći od 6656')).toHaveCount(0);
  await expectPath(page, '/ui/new-request/practical-class');
  await expect(page.locator('#root_name')).toHaveValue(name);
  await expect(page.locator('#root_date_end')).toHaveValue('31.01.2027');
  await expect(cpu).toHaveValue('7000');
  await cpu.fill('7001');
  await submit(page);
  await expect(page.getByText('Broj ne može biti veći od 7000')).toBeVisible();
  await cpu.fill('7000');
  await submit(page);
  await expectToast(page, 'success', 'Zahtjev je uspješno podnesen');
  await expectPath(page, '/ui/my-requests');

  await logout(page);
  await loginAs(page, 'staff');
  await page.goto('/ui/rules');
  const maximum = page.locator('[data-section="limits"] tr[data-row="HPCnSlotsCPU"] [data-column="maximum"] .rules-cell-value');
  const latest = page.locator('.rules-history-entry').first();

  await expect(page.getByRole('heading', { level: 1, name: 'Pravila' })).toBeVisible();
  await expect(maximum).toHaveText('7.000');
  await expect(latest).toContainText('HPCnSlotsCPU najviše 6656 → 7000');
  await expect(latest).toContainText('izmjena u mapi sa shemama');
  await expect(latest).toContainText('u uporabi');
  await page.getByRole('button', { name: 'Učitaj ponovno' }).click();
  await expect(page.getByTestId('reload-outcome')).toContainText('Mapa sa shemama nije mijenjana');
  await checkBothWidths(page, testInfo, 'hr');

  await page.locator('.language-toggle button[lang="en"]').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Rules' })).toBeVisible();
  await expect(maximum).toHaveText('7,000');
  await expect(latest).toContainText('HPCnSlotsCPU maximum 6656 → 7000');
  await expect(latest).toContainText('edit in the schema folder');
  await checkBothWidths(page, testInfo, 'en');

  // A broken edit is refused with its file and place, and the limit in force stays.
  copy.edit('rules/resource-limits.json', (doc) => {
    doc.properties.HPCnSlotsCPU.minimum = 8000;
  });
  await page.getByRole('button', { name: 'Reload now' }).click();
  const outcome = page.getByTestId('reload-outcome');
  await expect(outcome).toContainText('The edit was refused; the rule set in force stays.');
  await expect(outcome.locator('td[data-column="file"]').first()).toContainText('rules/resource-limits.json');
  await expect(outcome.locator('td[data-column="pointer"]').first()).toContainText('HPCnSlotsCPU');
  await expect(maximum).toHaveText('7,000');
  await page.setViewportSize({ width: PHONE_WIDTH, height: 844 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE_WIDTH);
  await expectNoSeriousAxe(page, null);
  await outcome.screenshot({ path: testInfo.outputPath('rules-en-390-refused.png') });
});
