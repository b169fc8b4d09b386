import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { submitLogin } from '../../../harness/login-form';

/** Demo accounts of the seed; the password is the username. */
export type DemoUser = 'staff' | 'admin' | 'lead' | 'collab' | 'foreign' | 'newbie';

const screenshotDir = path.join(__dirname, '..', 'screenshots');

/** A local account of the browser tests' portal that only the sessions test signs in with (its password is its name). */
export const SESSIONS_USER = 'sanja.sesic';

/** Logs in through the login page as a demo user and waits until the app has left the login page. */
export async function loginAs(page: Page, user: DemoUser | typeof SESSIONS_USER): Promise<void> {
  if (!page.url().includes('/ui/login')) await page.goto('/ui/login');
  await submitLogin(page, user, user);
  await expect(page).not.toHaveURL(/\/ui\/login$/);
  await expect(page.getByTestId('user-greeting')).toBeVisible();
}

/** Expects the browser to be on a /ui path (exact, ignoring the query). */
export async function expectPath(page: Page, uiPath: string): Promise<void> {
  await expect(page).toHaveURL((url) => url.pathname === uiPath);
}

/** Expects a toast of a type whose text matches. */
export async function expectToast(page: Page, type: 'success' | 'error' | 'warning' | 'info', text: string | RegExp): Promise<void> {
  await expect(page.locator(`.toast-corner [data-toast-type="${type}"]`).filter({ hasText: text })).toBeVisible();
}

/** Asks the server, with the page's cookies, whether the session is active. */
export async function sessionIsActive(page: Page): Promise<boolean> {
  const answer = await page.request.get('/api/v1/sessionactive');
  expect(answer.ok()).toBe(true);
  return ((await answer.json()) as { active: boolean }).active;
}

/** The server's session config (accounting and eduGAIN flags), as the client sees it. */
export async function portalConfig(page: Page): Promise<{ enable_accounting: boolean; enable_edugain: boolean }> {
  const answer = await page.request.get('/api/v1/sessionactive');
  return ((await answer.json()) as { config: { enable_accounting: boolean; enable_edugain: boolean } }).config;
}

/** Where a user who is not staff lands after login (spec "Post-login landing", rules 4 and 5). */
export async function userLanding(page: Page, isLead: boolean): Promise<string> {
  const { enable_accounting: accounting } = await portalConfig(page);
  if (!accounting) return '/ui/my-requests';
  return isLead ? '/ui/project-accounting' : '/ui/my-accounting';
}

/** Logs out through the header and the confirmation dialog. */
export async function logout(page: Page): Promise<void> {
  await page.getByRole('button', { name: /Odjava|Log out/ }).click();
  await page.getByRole('button', { name: /^(Da|Yes)$/ }).click();
  await expectPath(page, '/ui/login');
}

/**
 * Saves a full-page screenshot under tests/e2e/screenshots/ once the page has settled, for people to
 * look at; CI keeps no such folder, so there it only waits for the page to settle.
 */
export async function screenshot(page: Page, name: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => document.fonts.ready);
  if (!process.env.CI) await page.screenshot({ path: path.join(screenshotDir, `${name}.png`), fullPage: true });
}
