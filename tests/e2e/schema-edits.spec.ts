import { expect, test, type Page } from '@playwright/test';
import { startPortalOnSchemas } from './helpers/schema-copy-portal';
import { addSummerSchool, copySchemas } from '../../harness/schema-copy';
import { expectPath, expectToast, loginAs } from './helpers/portal';
import { expectNoSeriousAxe } from './helpers/axe';

/**
 * Schema edits reach the browser with no code change and no client rebuild: a second portal runs
 * on an edited copy of schemas/ (SCHEMAS_DIR) with the client already built, and its form, chooser
 * and grid follow the copy. The server and QA tool side is tests/api/schema-edits.test.ts.
 */
const port = Number(process.env.E2E_PORT ?? 8123) + 1;
const base = `http://127.0.0.1:${port}`;
const QUANTUM = 'Kvantno računarstvo';
const copy = copySchemas();
let stopPortal: (() => void) | undefined;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  copy.edit('rules/resource-limits.json', (doc) => {
    doc.properties.HPCnSlotsCPU.maximum = 10000;
  });
  copy.edit('rules/science-domains.json', (doc) => {
    const technical = doc.definitions.domainShare.oneOf.find((b: any) => b.properties.name.properties.value.const === 'Tehničke znanosti');
    technical.properties.name.properties.value.fields.push({ value: QUANTUM, label: { hr: QUANTUM, en: 'Quantum computing' } });
  });
  copy.edit('requests/practical-class.json', (doc) => {
    doc.required.push('science_extrasoftware');
  });
  copy.edit('tables/requests.json', (doc) => {
    doc.columns.splice(2, 0, { field: 'identifier', headerKey: 'grid.columns.project', width: 150 });
  });
  addSummerSchool(copy);
  stopPortal = await startPortalOnSchemas(port, copy.dir);
});

test.afterAll(async () => {
  stopPortal?.();
  copy.remove();
});

test.use({ baseURL: base });

async function pick(page: Page, dropdownId: string, option: string): Promise<void> {
  const dropdown = page.locator(`[id="${dropdownId}"]`);
  await dropdown.click();
  await dropdown.locator('.menu .item', { hasText: option }).first().click();
}

test('the chooser offers the added request type and opens its form', async ({ page }) => {
  await loginAs(page, 'lead');
  await page.goto('/ui/new-request');
  await pick(page, 'request-type', 'Ljetna škola');
  await page.getByRole('button', { name: 'Nastavi' }).click();
  await expectPath(page, '/ui/new-request/summer-school');
  await expect(page.locator('#root_name')).toBeVisible();
});

test('the form follows a raised maximum, an added science field and a field made required', async ({ page }) => {
  await loginAs(page, 'lead');
  await page.goto('/ui/new-request');
  await pick(page, 'request-type', 'Praktična nastava');
  await page.getByRole('button', { name: 'Nastavi' }).click();
  await page.locator('#root_name').fill(`Kvantni praktikum ${Date.now().toString(36)}`);
  await page.locator('#root_reason').fill('Obrazloženje zahtjeva za potrebe testiranja.');
  await page.locator('#root_date_start').fill('01.03.2026');
  await page.locator('#root_date_end').fill('30.06.2026');
  await pick(page, 'root_science_field-0-domain', 'Tehničke znanosti');
  await page.locator('[id="root_science_field-0-percent"]').fill('100');
  await pick(page, 'root_science_field-0-field-0', QUANTUM);
  await page.locator('[id="root_science_field-0-field-0-percent"]').fill('100');
  await pick(page, 'root_resources_type', 'CPU');
  await page.locator('#root_resources_numbers-HPCnSlotsCPU').fill('8000');
  const submit = page.getByRole('button', { name: 'Podnesi zahtjev' });
  await submit.click();
  // Everything filled but the field the copy made required: its message is the only one.
  await expect(page.getByText('Obvezno', { exact: true })).toHaveCount(1);
  await expectPath(page, '/ui/new-request/practical-class');
  // Filled in, the request with 8000 CPU cores (over the old maximum) and the added field is filed.
  await page.locator('#root_science_extrasoftware').fill('Qiskit');
  await submit.click();
  await expectToast(page, 'success', 'Zahtjev je uspješno podnesen');
  await expectPath(page, '/ui/my-requests');
});

test('the staff grid shows a column added to its layout', async ({ page }) => {
  await loginAs(page, 'staff');
  await expectPath(page, '/ui/requests');
  await expect(page.getByRole('columnheader', { name: 'Projekt' })).toBeVisible();
});

test('a release that changes a value staff edited keeps the staff set serving and shows both values in a draft, in hr and en, at 1366 and 390 px', async ({ page }) => {
  test.setTimeout(120_000);
  await loginAs(page, 'admin');
  const headers = { 'x-csrftoken': (await (await page.request.get('/api/v1/sessionactive')).json()).csrftoken as string };
  const limits = 'rules/resource-limits.json';
  // Staff publish 12000 cores (the copy ships 10000).
  const draft = await (await page.request.post('/api/v1/internal/rule-drafts/', { headers, data: {} })).json();
  const doc = structuredClone(draft.files[limits]);
  doc.properties.HPCnSlotsCPU.maximum = 12000;
  expect((await page.request.put(`/api/v1/internal/rule-drafts/${draft.id}/file`, { headers, data: { file: limits, doc } })).status()).toBe(200);
  expect((await page.request.post(`/api/v1/internal/rule-drafts/${draft.id}/publish`, { headers, data: { note: 'Više jezgri', confirmImpact: true } })).status()).toBe(200);
  // The next release ships 11000 cores and more GPUs: the folder the portal watches changes (docs/decisions/0674-staff-rules-rebased-on-a-new-release.md).
  copy.edit(limits, (shipped) => {
    shipped.properties.HPCnSlotsCPU.maximum = 11000;
    shipped.properties.HPCnSlotsGPU.maximum += 10;
  });
  await expect
    .poll(async () => ((await (await page.request.get('/api/v1/internal/rule-drafts/')).json()).drafts as Array<{ rebase: unknown }>).filter((d) => d.rebase).length, { timeout: 20_000 })
    .toBe(1);

  await page.goto('/ui/rules/edit');
  const panel = page.getByTestId('rules-rebase');
  await expect(panel.getByRole('heading', { name: 'Novo izdanje promijenilo je pravila koja je osoblje uredilo' })).toBeVisible();
  await expect(panel).toContainText('Broj mjesta koja su promijenili i osoblje i novo izdanje: 1.');
  const conflict = panel.locator(`[data-conflict="${limits}/properties/HPCnSlotsCPU/maximum"]`);
  await expect(conflict).toContainText('Prije obiju promjena: 10000');
  // The draft holds the release's value; the editor keeps staff's.
  await expect(conflict.getByRole('radio', { name: 'Vrijednost novog izdanja: 11000' })).toBeChecked();
  await conflict.getByRole('radio', { name: 'Vrijednost osoblja: 12000' }).check();
  await expect(page.getByTestId('rules-check')).toContainText('Nacrt prolazi sve provjere.', { timeout: 15_000 });
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoSeriousAxe(page, 'main', `rebase draft, hr, ${width} px`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  }
  await page.locator('.language-toggle button[lang="en"]').click();
  await expect(panel.getByRole('heading', { name: 'A new release changed rules staff had edited' })).toBeVisible();
  await expect(conflict.getByRole('radio', { name: "Staff's value: 12000" })).toBeChecked();
  await expectNoSeriousAxe(page, 'main', 'rebase draft, en, 390 px');
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.locator('.language-toggle button[lang="hr"]').click();
  // The staff set serves meanwhile: the latest set in force is still the one staff published.
  const history = await (await page.request.get('/api/v1/internal/schemas/history')).json();
  expect(history.sets[0]).toMatchObject({ origin: 'publish', note: 'Više jezgri' });
});
