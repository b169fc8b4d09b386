import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** The longest a check waits for the page's transitions to end. */
const TRANSITIONS_MAX_MS = 2000;

/**
 * Waits until the page's CSS transitions and finite animations have ended (at most 2 s): axe reads
 * the colours on screen, and a button caught mid-fade (a language toggle just pressed) has a
 * contrast no user ever reads. Endless ones, a loader's spin, are not waited for.
 */
async function transitionsEnded(page: Page): Promise<void> {
  await page.evaluate(
    (maxMs) =>
      Promise.race([
        Promise.all(
          document
            .getAnimations()
            .filter((animation) => Number.isFinite(Number(animation.effect?.getComputedTiming().endTime)))
            .map((animation) => animation.finished.catch(() => undefined)),
        ),
        new Promise((resolve) => setTimeout(resolve, maxMs)),
      ]),
    TRANSITIONS_MAX_MS,
  );
}

/**
 * The critical and serious axe-core findings on the page's main content (or in `within`; null: the
 * whole page, header, navigation and footer too), each as "rule: the first elements it names".
 */
export async function seriousAxeFindings(page: Page, within: string | null = 'main'): Promise<string[]> {
  await transitionsEnded(page);
  // Only the violations are reported back: the passes are not needed, and leaving them out saves time.
  // One axe.run in the page (legacy mode): the default runs axe in each frame and then finishes the
  // run in a new blank page, which took 2–2.5 times as long (1.7–2.6 s a page against 0.8–0.9 s)
  // and found the same; the portal's pages have no frames.
  const builder = new AxeBuilder({ page }).setLegacyMode().options({ resultTypes: ['violations'] });
  const { violations } = await (within === null ? builder : builder.include(within)).analyze();
  return violations
    .filter((v) => v.impact === 'critical' || v.impact === 'serious')
    .map((v) => `${v.id}: ${v.nodes.slice(0, 4).map((n) => n.target.join(' ')).join(' | ')}`);
}

/** Expects no critical or serious axe-core finding in the page's main content (or in `within`; null: the whole page). */
export async function expectNoSeriousAxe(page: Page, within: string | null = 'main', where?: string): Promise<void> {
  expect(await seriousAxeFindings(page, within), where).toEqual([]);
}

/** Switches the interface language through the header's toggle. */
export async function useLanguage(page: Page, lang: 'hr' | 'en'): Promise<void> {
  await page.getByRole('button', { name: lang.toUpperCase(), exact: true }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
}
