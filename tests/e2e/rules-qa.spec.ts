import { expect, test, type Page } from '@playwright/test';
import { loginAs } from './helpers/portal';
import { expectNoSeriousAxe } from './helpers/axe';

/*
 * The rules' QA page: a staff member pastes a payload, picks a schema and a role, and reads what
 * `npm run validate` prints for it, in the interface language; text that is no JSON is said so at
 * the field and nothing is asked. Axe-clean at 1366 and 390 px with a verdict on the page.
 */
const PHONE_WIDTH = 390;

async function judge(page: Page, schema: string, payload: string, check: RegExp): Promise<void> {
  await page.getByLabel(/^(Shema|Schema)$/).selectOption(schema);
  await page.getByLabel(/^(Podaci \(JSON\)|Payload \(JSON\))$/).fill(payload);
  await page.getByRole('button', { name: check }).click();
}

async function bothWidths(page: Page): Promise<void> {
  await expectNoSeriousAxe(page, null);
  await page.setViewportSize({ width: PHONE_WIDTH, height: 844 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE_WIDTH);
  await expectNoSeriousAxe(page, null);
  await page.setViewportSize({ width: 1366, height: 860 });
}

test('staff check a pasted payload against the rules in Croatian and English and read what the QA tool prints', async ({ page }) => {
  test.setTimeout(60_000);
  await loginAs(page, 'staff');
  await page.goto('/ui/rules');
  await page.getByTestId('rules-qa-link').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Provjera podataka po pravilima' })).toBeVisible();

  await judge(page, 'rules/resource-limits', '{ "HPCnSlotsCPU": 7000, "CLOUDnIPs": 0 }', /^Provjeri$/);
  const verdict = page.getByTestId('rules-qa-verdict');
  await expect(verdict).toContainText('Podaci ne odgovaraju shemi');
  await expect(verdict).toContainText('invalid: the payload does not match rules/resource-limits for user (2 errors)');
  await expect(verdict).toContainText('/CLOUDnIPs: Broj ne može biti manji od 1 [numberTooSmall]');
  await bothWidths(page);

  // Not JSON: said at the field, and the last verdict stays until the next check.
  await page.getByLabel('Podaci (JSON)').fill('{ "HPCnSlotsCPU": ');
  await page.getByRole('button', { name: /^Provjeri$/ }).click();
  await expect(page.getByRole('alert')).toContainText('Ovo nije ispravan JSON');
  await expect(page.getByLabel('Podaci (JSON)')).toHaveAttribute('aria-invalid', 'true');

  await page.getByRole('button', { name: 'EN', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Checking a payload against the rules' })).toBeVisible();
  await judge(page, 'rules/resource-limits', '{ "HPCnSlotsCPU": 12 }', /^Check$/);
  await expect(verdict).toContainText('The payload matches the schema');
  await expect(verdict).toContainText('valid: the payload matches rules/resource-limits for user');
  // The role decides: a resource type only staff may give is refused for a user.
  await judge(page, 'rules/resource-types', '"PENKALA"', /^Check$/);
  await expect(verdict).toContainText('The payload does not match the schema');
  await page.getByLabel('Checked for the role').selectOption('staff');
  await page.getByRole('button', { name: /^Check$/ }).click();
  await expect(verdict).toContainText('valid: the payload matches rules/resource-types for staff');
  await bothWidths(page);
});
