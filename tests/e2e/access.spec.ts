import { expect, test } from '@playwright/test';
import { expectPath, loginAs, screenshot } from './helpers/portal';

test.describe('access to pages', () => {
  test('without a session a user page redirects to the login page', async ({ page }) => {
    await page.goto('/ui/my-info');
    await expectPath(page, '/ui/login');
  });

  test('after login the user returns to the page asked for', async ({ page }) => {
    await page.goto('/ui/my-info');
    await expectPath(page, '/ui/login');
    await loginAs(page, 'lead');
    await expectPath(page, '/ui/my-info');
    await expect(page.getByRole('heading', { name: 'Moji podaci' })).toBeVisible();
  });

  test('a user who is not staff gets no admin screen', async ({ page }) => {
    await loginAs(page, 'lead');
    await page.goto('/ui/requests');
    await expect(page.getByRole('heading', { name: 'Stranica nije pronađena' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Projekti' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Admin način' })).toHaveCount(0);
    await expect(page.locator('[data-page="placeholder"]')).toHaveCount(0);
  });

  test('an unknown path shows the not-found page', async ({ page }) => {
    await page.goto('/ui/nope');
    await expect(page.getByRole('heading', { name: 'Stranica nije pronađena' })).toBeVisible();
    await expect(page).toHaveTitle('Napredno računanje | Stranica nije pronađena');
    await screenshot(page, 'not-found');
  });

  test('a research-registry request needs a numeric id', async ({ page }) => {
    await loginAs(page, 'lead');
    await page.goto('/ui/new-request/research-project/abc');
    await expect(page.getByRole('heading', { name: 'Stranica nije pronađena' })).toBeVisible();
    await page.goto('/ui/new-request/research-project/123');
    await expect(page.getByRole('heading', { name: 'Istraživački projekt' })).toBeVisible();
  });

  test('the eduGAIN error page lists the missing attributes', async ({ page }) => {
    await page.goto('/ui/saml2-error/edugainattrs?missing=mail,sn');
    await expect(page.getByRole('listitem')).toHaveText(['mail', 'sn']);
    await page.goto('/ui/saml2-error/other');
    await expect(page.getByText(/nije dopuštena/)).toBeVisible();
  });
});
