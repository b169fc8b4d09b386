import type { Page } from '@playwright/test';

/** Fills and submits the portal's real login form (either language), for browser tests and benchmarks alike. */
export async function submitLogin(page: Page, username: string, password: string): Promise<void> {
  await page.getByLabel(/Korisničko ime|Username/).fill(username);
  await page.getByLabel(/Lozinka|Password/).fill(password);
  await page.getByRole('button', { name: /Prijavi se|Log in/ }).click();
}
