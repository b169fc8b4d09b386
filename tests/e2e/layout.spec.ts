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
    const greeting = page.getByTestId('user-greeting');
    await greeting.click();
    const card = page.locator('.user-popover');
    await expect(card).toBeVisible();
    await expect(card).toContainText('Korisnik');
    // Under the greeting, its right edge lined up with the greeting's.
    const [button, box] = [await greeting.boundingBox(), await card.boundingBox()];
    expect(box!.y).toBeGreaterThanOrEqual(button!.y + button!.height);
    expect(Math.abs(box!.x + box!.width - (button!.x + button!.width))).toBeLessThan(2);
    await screenshot(page, 'user-popover');
    await page.keyboard.press('Escape');
    await expect(card).toBeHidden();
    await greeting.click();
    await expect(card).toBeVisible();
    await greeting.click();
    await expect(card).toBeHidden();
  });

  test('logout asks for confirmation and ends the session on the server', async ({ page }) => {
    await loginAs(page, 'lead');
    const logoutButton = page.getByRole('button', { name: 'Odjava' });
    await logoutButton.click();
    const question = page.getByRole('dialog', { name: 'Da li ste sigurni da se želite odjaviti?' });
    await expect(question).toBeVisible();
    // Escape closes it and the focus goes back to the button; so does No.
    await page.keyboard.press('Escape');
    await expect(question).toBeHidden();
    await expect(logoutButton).toBeFocused();
    await logoutButton.click();
    await page.getByRole('button', { name: 'Ne', exact: true }).click();
    await expect(question).toBeHidden();
    await expect(logoutButton).toBeFocused();
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
