import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { addSummerSchool, copySchemas } from '../support/schema-copy';
import { expectPath, expectToast, loginAs } from './helpers/portal';

/**
 * Schema edits reach the browser with no code change and no client rebuild: a second portal runs
 * on an edited copy of schemas/ (SCHEMAS_DIR) with the client already built, and its form, chooser
 * and grid follow the copy. The server and QA tool side is tests/api/schema-edits.test.ts.
 */
const port = Number(process.env.E2E_PORT ?? 8123) + 1;
const base = `http://127.0.0.1:${port}`;
const QUANTUM = 'Kvantno računarstvo';
const copy = copySchemas();
let portal: ChildProcess | undefined;

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
  portal = spawn('npx', ['tsx', 'tests/e2e/start-server.ts'], {
    cwd: path.resolve(__dirname, '..', '..'),
    env: { ...process.env, E2E_PORT: String(port), SCHEMAS_DIR: copy.dir },
    stdio: 'ignore',
    // Its own process group, so that stopping it stops the server npx starts.
    detached: true,
  });
  const exited = new Promise<never>((_, reject) => portal!.on('exit', (code) => reject(new Error(`the portal on the schema copy exited (${code})`))));
  for (let waited = 0; ; waited += 1000) {
    const up = await fetch(`${base}/api/v1/sessionactive`).then((r) => r.ok, () => false);
    if (up) break;
    if (waited > 150_000) throw new Error('the portal on the schema copy did not start');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 1000))]);
  }
});

test.afterAll(async () => {
  if (portal?.pid) process.kill(-portal.pid, 'SIGTERM');
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
