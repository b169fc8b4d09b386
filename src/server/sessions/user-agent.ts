/**
 * A readable summary of a User-Agent for the list of one's sessions (My info): the browser with
 * its major version and the operating system, e.g. "Firefox 133" on "Windows". Only what tells a
 * user's own devices apart is read; a header nothing here recognises gives nulls, and the page says
 * "unknown". The order matters: Edge and Opera also say "Chrome", Chrome also says "Safari".
 */

const BROWSERS: readonly [name: string, pattern: RegExp][] = [
  ['Edge', /\bEdg(?:e|A|iOS)?\/(\d+)/],
  ['Opera', /\b(?:OPR|Opera)\/(\d+)/],
  ['Samsung Internet', /\bSamsungBrowser\/(\d+)/],
  ['Firefox', /\b(?:Firefox|FxiOS)\/(\d+)/],
  ['Chromium (headless)', /\bHeadlessChrome\/(\d+)/],
  ['Chrome', /\b(?:Chrome|CriOS)\/(\d+)/],
  ['Safari', /\bVersion\/(\d+)[\d.]*(?: Mobile\/\w+)? Safari\//],
  ['curl', /^curl\/(\d+(?:\.\d+)?)/],
];

const SYSTEMS: readonly [name: string, pattern: RegExp][] = [
  ['Android', /\bAndroid\b/],
  ['iPadOS', /\biPad\b/],
  ['iOS', /\b(?:iPhone|iPod)\b/],
  ['ChromeOS', /\bCrOS\b/],
  ['Windows', /\bWindows\b/],
  ['macOS', /\bMac OS X\b|\bMacintosh\b/],
  ['Linux', /\bLinux\b|\bX11\b/],
];

/** The browser (name and major version) and the system a User-Agent names; null for each not recognised. */
export function userAgentSummary(userAgent: string): { browser: string | null; system: string | null } {
  const browser = BROWSERS.map(([name, pattern]) => [name, pattern.exec(userAgent)] as const).find(([, match]) => match);
  const system = SYSTEMS.find(([, pattern]) => pattern.test(userAgent));
  return { browser: browser ? `${browser[0]} ${browser[1]![1]}` : null, system: system ? system[0] : null };
}
