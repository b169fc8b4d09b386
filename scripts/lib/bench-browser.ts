/**
 * What the browser benchmarks share: the real portal (harness/demo-portal.ts: fresh database,
 * demo data) on a port of their own and Debian's Chromium, both stopped when the work ends.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { CHROMIUM, CHROMIUM_ARGS } from '../../harness/chromium';

const root = path.resolve(__dirname, '..', '..');

async function waitForServer(base: string): Promise<void> {
  // A portal filled with 100,000 users takes a while.
  for (let i = 0; i < 600; i += 1) {
    try {
      if ((await fetch(`${base}/api/v1/sessionactive`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('the portal did not start');
}

/**
 * Runs `work` with Chromium and the portal listening on `port` (its base URL handed over). `script`
 * starts another portal (e.g. one with more data), with `env` added.
 */
export async function withPortalInChromium(
  port: number,
  work: (browser: Browser, base: string) => Promise<void>,
  options: { script?: string; env?: Record<string, string> } = {},
): Promise<void> {
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ['--import', 'tsx', options.script ?? 'harness/demo-portal.ts'], {
    cwd: root,
    env: { ...process.env, ...options.env, E2E_PORT: String(port) },
    stdio: 'ignore',
  });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  try {
    await waitForServer(base);
    await work(browser, base);
  } finally {
    await browser.close();
    // The portal drops its database on SIGTERM. Its end is waited for: a portal started next on the
    // same port would otherwise find this one still answering while it closes, and be timed on it.
    if (server.exitCode === null && server.signalCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
  }
}
