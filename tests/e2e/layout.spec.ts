import { expect, test } from '@playwright/test';
import { expectPath, loginAs, logout, screenshot, sessionIsActive } from './helpers/portal';

test.describe('layout', () => {
  test('the language toggle switches texts and survives a reload', async ({ page }) => {
    await loginAs(page, 'lead');
    await page.getByRole('link', { name: 'Moji zahtjevi' }).click();
    await expect(page.getByTestId('user-greeting')).toHaveText(/Pozdrav, /);
    await page.getByRole('button', { name: 'EN', exact: true }).click();
    await expect(page.getByTestId('user-greeting')).toHaveText(/Hello, /);
    await expect(page.getByRole('link', { name: 'My requests' })).toBeVisible();
    await expect(page).toHaveTitle('Advanced Computing | My requests');
    await page.reload();
    await expect(page.getByRole('link', { name: 'My requests' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await screenshot(page, 'my-requests-lead-en');
  });

  test('the login page has an English variant', async ({ page }) => {
    await page.goto('/ui/login');
    await page.getByRole('button', { name: 'EN', exact: true }).click();
    await expect(page.getByRole('heading', { name: /Login/ })).toBeVisible();
    await expect(page.locator('.login-page')).toHaveClass(/login-bg-en/);
    await screenshot(page, 'login-en');
  });

  test('the greeting opens the user card', async ({ page }) => {
    await loginAs(page, 'lead');
    await page.getByTestId('user-greeting').click();
    await expect(page.locator('.user-popover')).toContainText('Korisnik');
    await screenshot(page, 'user-popover');
  });

  test('logout asks for confirmation and ends the session on the server', async ({ page }) => {
    await loginAs(page, 'lead');
    await page.getByRole('button', { name: 'Odjava' }).click();
    await expect(page.getByText('Da li ste sigurni da se želite odjaviti?')).toBeVisible();
    await page.getByRole('button', { name: 'Ne', exact: true }).click();
    expect(await sessionIsActive(page)).toBe(true);
    await logout(page);
    expect(await sessionIsActive(page)).toBe(false);
    await page.goto('/ui/my-requests');
    await expectPath(page, '/ui/login');
  });

  test('staff switch between admin mode and user mode', async ({ page }) => {
    await loginAs(page, 'staff');
    await expectPath(page, '/ui/requests');
    await page.getByRole('button', { name: 'Korisnički način' }).click();
    await expectPath(page, '/ui/my-requests');
    await expect(page.getByRole('link', { name: 'Javni ključevi' })).toBeVisible();
    await page.getByRole('button', { name: 'Admin način' }).click();
    await expectPath(page, '/ui/requests');
    await expect(page.getByRole('link', { name: 'Softver' })).toBeVisible();
  });
});
