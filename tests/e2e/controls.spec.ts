import { expect, test } from '@playwright/test';
import { expectPath, expectToast, loginAs, screenshot } from './helpers/portal';

// Controls match what the server will allow, and what the server says reads in the interface language.

test('a foreign researcher sees the request form with its submit button disabled and the spec text', async ({ page }) => {
  await loginAs(page, 'foreign');
  await page.goto('/ui/new-request/practical-class');
  await expect(page.getByTestId('request-type-block')).toHaveText('Strani istraživači za sada nemaju mogućnost podnošenja zahtjeva');
  await expect(page.getByRole('button', { name: 'Podnesi zahtjev' })).toBeDisabled();
  await screenshot(page, 'controls-foreign-form');
});

test('a user the institutional check denies sees its reason instead of the form, also by address', async ({ page }) => {
  await loginAs(page, 'lead');
  await page.goto('/ui/new-request/institutional-project');
  const block = page.getByTestId('request-type-block');
  await expect(block).toBeVisible();
  const reasonHr = await block.innerText();
  expect(reasonHr).toMatch(/institucijski projekt|CroRIS/i);
  await expect(page.locator('#root_name')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Podnesi zahtjev' })).toHaveCount(0);
  await page.getByRole('button', { name: 'EN', exact: true }).click();
  await expect(block).not.toHaveText(reasonHr);
  await expect(block).toHaveText(/institutional project|CroRIS/i);
  await screenshot(page, 'controls-institute-denied');
});

test("the server's refusal reads in the interface language", async ({ page }) => {
  await loginAs(page, 'lead');
  await page.getByRole('button', { name: 'EN', exact: true }).click();
  await page.goto('/ui/public-keys/new');
  await page.getByLabel('Public key').fill('ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAnot-a-key');
  await page.getByLabel('Key name').fill('broken');
  await page.getByRole('button', { name: 'Add public key' }).click();
  await page.getByRole('button', { name: 'Yes', exact: true }).click();
  await expectToast(page, 'error', /Invalid SSH public key\./);
  await page.getByRole('button', { name: 'HR', exact: true }).click();
  await page.getByRole('button', { name: 'Dodaj javni ključ' }).click();
  await page.getByRole('button', { name: 'Da', exact: true }).click();
  await expectToast(page, 'error', /Neispravan javni SSH ključ\./);
  await expectPath(page, '/ui/public-keys/new');
});

test("AG Grid speaks the interface language and leaves the empty text to the page", async ({ page }) => {
  await loginAs(page, 'staff');
  await expectPath(page, '/ui/requests');
  await page.locator('[data-filter="search"] input').fill('nothing-matches-this-zzz');
  await expect(page.getByTestId('grid-count')).toHaveAttribute('data-count', '0');
  await expect(page.locator('.grid-empty')).toBeVisible();
  await expect(page.getByText('No Rows To Show')).toHaveCount(0);
  await expect(page.getByText('Nema redaka za prikaz')).toHaveCount(0);
});

test('opening the login page while signed in never leads a non-staff user to a staff page', async ({ page }) => {
  await loginAs(page, 'lead');
  await page.goto('/ui/my-info');
  await expectPath(page, '/ui/my-info');
  // The app remembers a page once it has shown it, not when the URL is typed.
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.goto('/ui/software');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.goto('/ui/login');
  await expectPath(page, '/ui/my-info');
});
