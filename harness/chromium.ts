import { existsSync } from 'node:fs';

/*
 * Debian's Chromium as the browser tests and the browser benchmarks launch it: never a downloaded
 * browser, and the same flags everywhere, so that a figure and a test see the same browser.
 */

/** Debian's chromium (package chromium): what a visitor's browser is; the benchmarks measure it. */
export const CHROMIUM = '/usr/bin/chromium';

/**
 * Debian's headless shell (package chromium-headless-shell: the same Blink as chromium, without the
 * browser's interface) when it is installed, as CI installs it: the browser tests take about two
 * thirds of the time they take in the full browser (decision 0440). Otherwise Debian's chromium.
 */
export function testChromium(): string {
  const headlessShell = '/usr/bin/chromium-headless-shell';
  return existsSync(headlessShell) ? headlessShell : CHROMIUM;
}

/**
 * No sandbox (the tests run as root in a container), no GPU, and nothing the browser would do on
 * its own beside the page: no QUIC, first-run, background networking, component updates or sync.
 */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
