import { expect, type Page } from '@playwright/test';

/** The pending invitation start-server.ts seeds for the new national user of the stand-in IdP. */
export const SAML_INVITE_KEY = 'e2esamlinvite'.padEnd(64, '0');
export const SAML_INVITE_EMAIL = 'nnovosel@ffzg.hr';
export const SAML_INVITE_PROJECT = 'Ispitivanje performansi GPU čvorova za učenje velikih jezičnih modela';

/**
 * Signs in through the real login page and the stand-in identity provider: clicks the federation's
 * button, then the demo identity on the stand-in's picker, whose answer posts back to the portal.
 */
export async function federatedLogin(
  page: Page,
  federation: 'national' | 'edugain',
  identity: RegExp | string,
  onPicker?: (page: Page) => Promise<void>,
): Promise<void> {
  if (!page.url().includes('/ui/login')) await page.goto('/ui/login');
  await page.getByRole('link', { name: federation === 'national' ? /AAI@EduHR/ : /eduGAIN/ }).click();
  await expect(page.getByRole('heading', { name: federation === 'national' ? /AAI@EduHR/ : /eduGAIN proxy/ })).toBeVisible();
  await onPicker?.(page);
  await page.getByRole('button', { name: identity }).click();
  // The stand-in's answer is a form to the portal's ACS, sent by its script file (no inline script).
  await expect(page).toHaveURL((url) => url.pathname.startsWith('/ui/') && url.pathname !== '/ui/saml2-login-redirect');
}
