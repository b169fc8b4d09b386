import { expect, test, type Page } from '@playwright/test';
import { loginAs } from './helpers/portal';

/**
 * The built client runs under the portal's Content-Security-Policy: pages with a request form
 * (ajv in the browser), a staff grid (AG Grid's own styles) and the processing screen load and
 * work, and the browser reports no policy violation.
 */
async function collectViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to (load|execute|apply|evaluate|connect|frame)/i.test(message.text())) violations.push(message.text());
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => console.error(`Refused to load: CSP ${e.violatedDirective} ${e.blockedURI}`));
  });
  return violations;
}

test('the login page, a request form and the staff pages run under the CSP without violations', async ({ page }) => {
  // Four pages and two logins in one flow.
  test.setTimeout(60_000);
  const violations = await collectViolations(page);
  const answer = await page.goto('/ui/login');
  const csp = answer?.headers()['content-security-policy'] ?? '';
  expect(csp).toContain("script-src 'self'");
  expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  expect(csp).toContain("frame-ancestors 'none'");
  await loginAs(page, 'lead');
  await page.goto('/ui/new-request/practical-class');
  await expect(page.getByRole('heading', { name: 'Praktična nastava' })).toBeVisible();
  await expect(page.getByText('Znanstvena područja i polja')).toBeVisible();
  await page.getByRole('button', { name: /^(Podnesi zahtjev|Submit request)$/ }).click();
  await expect(page.getByText('Obvezno').first()).toBeVisible();
  await page.goto('/ui/memberships');
  await expect(page.getByTestId('user-greeting')).toBeVisible();
  await page.context().clearCookies();
  await loginAs(page, 'staff');
  await page.goto('/ui/projects');
  await expect(page.locator('.schema-grid-view .ag-row').first()).toBeVisible();
  await page.locator('.schema-grid-view .ag-row').first().click();
  await page.goto('/ui/software');
  await expect(page.locator('.schema-grid-view .ag-row').first()).toBeVisible();
  expect(violations).toEqual([]);
});
