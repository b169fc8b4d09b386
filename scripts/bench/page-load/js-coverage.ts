import type { Page } from '@playwright/test';
import { gzipBytes } from '../bundle/module-sizes';

/**
 * Gzip kilobytes of the JS a page loaded but never ran by the time it settled, as Lighthouse's
 * "unused JavaScript": V8's block coverage marks each byte by its innermost range, a byte in a
 * range run zero times is unused, and a script's unused share is applied to its gzip size. Taken
 * in a load of its own: coverage slows the page, so the timed loads run without it.
 */
export async function unusedJsKb(page: Page, url: string, settle: () => Promise<void>): Promise<{ unusedKb: number; totalKb: number }> {
  await page.coverage.startJSCoverage({ resetOnNavigation: false });
  await page.goto(url, { waitUntil: 'load' });
  await settle();
  const entries = await page.coverage.stopJSCoverage();
  let unused = 0;
  let total = 0;
  for (const entry of entries) {
    if (!entry.source || !entry.url.includes('/static/')) continue;
    const used = new Uint8Array(entry.source.length).fill(1);
    // Outer ranges first, so the innermost range decides each byte.
    const ranges = entry.functions.flatMap((fn) => fn.ranges).sort((a, b) => b.endOffset - b.startOffset - (a.endOffset - a.startOffset));
    for (const range of ranges) used.fill(range.count > 0 ? 1 : 0, range.startOffset, range.endOffset);
    const gzip = gzipBytes(entry.source);
    unused += (gzip * used.filter((flag) => flag === 0).length) / Math.max(1, entry.source.length);
    total += gzip;
  }
  return { unusedKb: unused / 1024, totalKb: total / 1024 };
}
