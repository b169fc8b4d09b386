import type { Browser, BrowserContext, Page } from '@playwright/test';
import { READ_TIMELINE, TIMELINE_RECORDER, type RawTimeline } from './timeline-recorder';

/**
 * Lighthouse's mobile conditions as DevTools applies them ("Slow 4G" with its packet-level
 * adjustment, a 4× slower CPU, a mid-range phone's screen). BENCH_CPU_SLOWDOWN overrides the CPU
 * factor for a machine much slower or faster than the one budgets were set on.
 */
export const MOBILE = {
  latencyMs: 562.5,
  downloadBytesPerSecond: (1474.56 * 1024) / 8,
  uploadBytesPerSecond: (675 * 1024) / 8,
  cpuSlowdown: Number(process.env.BENCH_CPU_SLOWDOWN ?? 4),
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
};

/** A page is settled after this long with no long task and no request in flight (Lighthouse's TTI window). */
const QUIET_MS = 5000;
const MAX_WAIT_MS = 45_000;

/** A phone's browser context; certificate errors are ignored for the bench's self-signed HTTP/2 front. */
export function mobileContext(browser: Browser): Promise<BrowserContext> {
  return browser.newContext({
    viewport: MOBILE.viewport,
    deviceScaleFactor: MOBILE.deviceScaleFactor,
    isMobile: true,
    hasTouch: true,
    locale: 'hr-HR',
    ignoreHTTPSErrors: true,
  });
}

/** Resolves once the page has had `QUIET_MS` without a long task or a request in flight. */
export async function settled(page: Page): Promise<void> {
  let inFlight = 0;
  let last = Date.now();
  const touch = () => {
    last = Date.now();
  };
  const started = () => {
    inFlight += 1;
    touch();
  };
  const ended = () => {
    inFlight = Math.max(0, inFlight - 1);
    touch();
  };
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  const begin = Date.now();
  let tasks = 0;
  try {
    while (Date.now() - begin < MAX_WAIT_MS) {
      await page.waitForTimeout(250);
      const now = (await page.evaluate('(window.__pageTimeline ? window.__pageTimeline.longTasks.length : 0)')) as number;
      if (now !== tasks) {
        tasks = now;
        touch();
      }
      if (inFlight === 0 && Date.now() - last >= QUIET_MS) return;
    }
  } finally {
    page.off('request', started);
    page.off('requestfinished', ended);
    page.off('requestfailed', ended);
  }
}

/**
 * Loads `url` in `page` cold (no cache) under the mobile conditions and returns the timeline once
 * the page settled. The page's context keeps its cookies, so a signed-in page loads signed in.
 */
export async function throttledLoad(page: Page, url: string): Promise<RawTimeline> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: MOBILE.latencyMs,
    downloadThroughput: MOBILE.downloadBytesPerSecond,
    uploadThroughput: MOBILE.uploadBytesPerSecond,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: MOBILE.cpuSlowdown });
  await page.addInitScript(TIMELINE_RECORDER);
  try {
    await page.goto(url, { waitUntil: 'load', timeout: MAX_WAIT_MS });
    await settled(page);
    return (await page.evaluate(READ_TIMELINE)) as RawTimeline;
  } finally {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    await cdp.detach();
  }
}
