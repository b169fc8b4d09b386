import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** Expects no critical or serious axe-core finding in the page's main content (or in `within`). */
export async function expectNoSeriousAxe(page: Page, within = 'main'): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).include(within).analyze();
  const bad = violations.filter((v) => v.impact === 'critical' || v.impact === 'serious');
  expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** Switches the interface language through the header's toggle. */
export async function useLanguage(page: Page, lang: 'hr' | 'en'): Promise<void> {
  await page.getByRole('button', { name: lang.toUpperCase(), exact: true }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
}
