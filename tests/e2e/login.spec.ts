import { expect, test } from '@playwright/test';
import { expectPath, loginAs, screenshot, userLanding } from './helpers/portal';
import { submitLogin } from '../../harness/login-form';

test.describe('login page', () => {
  test('a lead logs in and lands on project accounting, or my requests without accounting', async ({ page }) => {
    await page.goto('/ui/login');
    await expect(page).toHaveTitle('Napredno računanje | Prijava');
    await screenshot(page, 'login-hr');
    const landing = await userLanding(page, true);
    await loginAs(page, 'lead');
    await expectPath(page, landing);
    await page.getByRole('link', { name: 'Moji zahtjevi' }).click();
    await expectPath(page, '/ui/my-requests');
    await expect(page.getByRole('heading', { name: 'Moji zahtjevi' })).toBeVisible();
    await expect(page).toHaveTitle('Napredno računanje | Moji zahtjevi');
    await screenshot(page, 'my-requests-lead');
  });

  test('a user without projects lands on my requests, with or without accounting', async ({ page }) => {
    await loginAs(page, 'newbie');
    await expectPath(page, '/ui/my-requests');
  });

  test('staff log in and land on the requests list', async ({ page }) => {
    await loginAs(page, 'staff');
    await expectPath(page, '/ui/requests');
    await expect(page.getByRole('navigation').getByRole('link', { name: 'Projekti' })).toBeVisible();
    await screenshot(page, 'requests-staff');
  });

  test('the login page draws its icons without fetching the icon font, and loads only its own document and the signed-out texts', async ({ page }) => {
    const fetched: string[] = [];
    page.on('request', (request) => fetched.push(new URL(request.url()).pathname));
    await page.goto('/ui/login');
    await expect(page.getByRole('link', { name: 'Prijava putem AAI@EduHR' })).toBeVisible();
    // The two fields' icons and the federations' buttons' icons, each a one-em glyph.
    const icons = page.locator('i.icon.svg-icon svg');
    await expect(icons).toHaveCount(4);
    for (const box of await icons.evaluateAll((all) => all.map((svg) => svg.getBoundingClientRect().height))) expect(box).toBeGreaterThan(10);
    await page.waitForLoadState('networkidle');
    expect(fetched.filter((path) => /\/icons\.[^/]*\.woff2?$/.test(path))).toEqual([]);
    expect(fetched.filter((path) => /\/i18n-/.test(path)).map((path) => path.replace(/\.[0-9a-f]+\.js$/, ''))).toEqual(['/static/i18n-hr']);
    // The login document's entry, not the app's: no router, store or API layer for a visitor without a session.
    const scripts = fetched.filter((path) => path.endsWith('.js'));
    expect(scripts.some((path) => /^\/static\/login\.[0-9a-f]+\.js$/.test(path))).toBe(true);
    expect(scripts.filter((path) => /^\/static\/(main|page-)[.-]/.test(path))).toEqual([]);
  });

  test('a wrong password shows the red alert', async ({ page }) => {
    await page.goto('/ui/login');
    await submitLogin(page, 'lead', 'not-the-password');
    const alert = page.getByTestId('login-error');
    await expect(alert).toHaveText('Prijava neuspjela, pogrešno korisničko ime i lozinka');
    await expect(alert).toHaveCSS('color', /rgb\(159, 58, 56\)|rgb\(219, 40, 40\)/);
    await expectPath(page, '/ui/login');
  });

  test('past the attempt limit the form says to wait, and without the server it says to try later', async ({ page }) => {
    await page.goto('/ui/login');
    const alert = page.getByTestId('login-error');
    // A username of its own, unknown to the portal: failures count per network and username, so no
    // other test (nor a second run on the same database) is refused. The limit is
    // loginAttemptsPerWindow (10) of schemas/rules/constants.json; the 11th attempt is refused.
    const username = `throttle-${Date.now().toString(36)}`;
    for (let attempt = 1; attempt <= 11; attempt += 1) {
      const answered = page.waitForResponse((response) => new URL(response.url()).pathname === '/auth/login/');
      await submitLogin(page, username, 'not-the-password');
      expect((await answered).status()).toBe(attempt <= 10 ? 401 : 429);
    }
    await expect(alert).toHaveText('Previše neuspjelih pokušaja prijave. Pričekajte nekoliko minuta i pokušajte ponovno.');
    // The connection fails: the form says so and stays.
    await page.route('**/auth/login/', (route) => route.abort('internetdisconnected'));
    await submitLogin(page, 'lead', 'lead');
    await expect(alert).toHaveText('Prijava trenutno nije moguća, pokušajte ponovno kasnije.');
    await expect(page.getByRole('button', { name: 'Prijavi se' })).toBeEnabled();
    await expectPath(page, '/ui/login');
  });

  test('both fields are required', async ({ page }) => {
    await page.goto('/ui/login');
    await page.getByRole('button', { name: 'Prijavi se' }).click();
    await expect(page.getByText('Obvezno')).toHaveCount(2);
    await screenshot(page, 'login-required');
  });

  test('offers the federated sign-in', async ({ page }) => {
    await page.goto('/ui/login');
    await expect(page.getByRole('link', { name: /AAI@EduHR/ })).toHaveAttribute('href', '/saml2/login');
  });

  test('a logged-in visitor opening the login page is sent on', async ({ page }) => {
    await loginAs(page, 'lead');
    await page.goto('/ui/login');
    await expectPath(page, await userLanding(page, true));
  });
});
