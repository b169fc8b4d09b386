/**
 * Bytes on the wire per page, measured in headless Chromium: every response's
 * `Network.loadingFinished` encodedDataLength (what came over the socket: headers and the body as
 * sent, compressed or not) against the decoded body size (`Network.dataReceived` dataLength), for
 * the login page and the staff pages with their list calls. Starts the e2e portal (fresh database,
 * demo seed, built client) on BENCH_PORT (default 8402). Build the client first (`npm run build`).
 * Prints; asserts nothing.
 */
import type { CDPSession, Page } from '@playwright/test';
import { withPortalInChromium } from '../lib/bench-browser';
import { figure, note } from './lib/figures';

const port = Number(process.env.BENCH_PORT ?? 8402);
const base = `http://127.0.0.1:${port}`;

/** Pages measured after signing in as staff (a cold cache each: the browser's cache is off). */
const PAGES = ['/ui/requests', '/ui/projects', '/ui/users'];

interface Transfer {
  url: string;
  type: string;
  wire: number;
  decoded: number;
  encoding: string;
}

/** Records every response of the page until `stop` is called. */
function record(cdp: CDPSession): { stop(): Transfer[] } {
  const byId = new Map<string, Transfer>();
  const done: Transfer[] = [];
  cdp.on('Network.responseReceived', (e) => {
    const headers = Object.fromEntries(Object.entries(e.response.headers).map(([k, v]) => [k.toLowerCase(), String(v)]));
    byId.set(e.requestId, { url: e.response.url, type: e.type, wire: 0, decoded: 0, encoding: headers['content-encoding'] ?? 'none' });
  });
  cdp.on('Network.dataReceived', (e) => {
    const t = byId.get(e.requestId);
    if (t) t.decoded += e.dataLength;
  });
  cdp.on('Network.loadingFinished', (e) => {
    const t = byId.get(e.requestId);
    if (!t) return;
    t.wire = e.encodedDataLength;
    done.push(t);
    byId.delete(e.requestId);
  });
  return { stop: () => done.splice(0) };
}

const kb = (n: number) => n / 1024;

/** Prints what came over the wire for one page: in all, its JS and its API calls, then its large API answers. */
function report(label: string, transfers: Transfer[]): void {
  const sum = (list: Transfer[], key: 'wire' | 'decoded') => list.reduce((s, t) => s + t[key], 0);
  const scripts = transfers.filter((t) => t.type === 'Script');
  const api = transfers.filter((t) => t.type === 'XHR' || t.type === 'Fetch');
  for (const [what, list] of [['all', transfers], ['JS', scripts], ['API', api]] as const) {
    figure(`${label}: ${what} on the wire`, kb(sum(list, 'wire')), 'KB', undefined, 0);
    note(`${kb(sum(list, 'decoded')).toFixed(0)} KB decoded in ${list.length} responses`);
  }
  for (const t of api.filter((a) => a.decoded > 20_000))
    note(`${new URL(t.url).pathname}: ${kb(t.wire).toFixed(0)} KB on the wire, ${kb(t.decoded).toFixed(0)} KB decoded, ${t.encoding}`);
}

async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
}

async function main(): Promise<void> {
  await withPortalInChromium(port, async (browser) => {
    const page = await browser.newPage({ viewport: { width: 1366, height: 860 }, locale: 'hr-HR' });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    const recorder = record(cdp);
    await page.goto(`${base}/ui/login`);
    await settle(page);
    report('/ui/login', recorder.stop());
    await page.getByLabel(/Korisničko ime|Username/).fill('staff');
    await page.getByLabel(/Lozinka|Password/).fill('staff');
    await page.getByRole('button', { name: /Prijavi se|Log in/ }).click();
    await page.waitForURL(/\/ui\/requests/);
    await settle(page);
    recorder.stop();
    for (const url of PAGES) {
      await page.goto(`${base}${url}`);
      await settle(page);
      report(url, recorder.stop());
    }
  });
}

main().catch((error: Error) => {
  console.error(error);
  process.exit(1);
});
