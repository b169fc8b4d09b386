import { expect, test, type Page, type TestInfo } from '@playwright/test';
import requestIndex from '../../schemas/requests/index.json';
import service from '../../schemas/rules/service.json';
import { loginAs, type DemoUser } from './helpers/portal';
import { seriousAxeFindings } from './helpers/axe';
import { requestsInFlight } from './helpers/network-quiet';

/*
 * Every page of the portal, per role and in both languages: axe-core finds no critical or serious
 * violation on the whole page (header, nav and footer included), the footer links to the
 * accessibility statement and the privacy notice, and at 390 px the page does not
 * scroll sideways, the language toggle is on screen; a desktop and a phone screenshot of each page
 * are kept in the test's output folder — except in CI, which keeps no output folder and where the
 * two full-page screenshots of some 100 pages were a good part of the walks' time.
 */

type Lang = 'hr' | 'en';
const PHONE_WIDTH = 390;
const langCookie = `${service.properties.serviceKey.const}-lang`;
const NEVER_ISSUED_KEY = 'f'.repeat(64);
const keepScreenshots = !process.env.CI;
/** The footer's links to the accessibility statement and the privacy notice, by language. */
const FOOTER: Record<Lang, { accessibility: string; privacy: string }> = {
  hr: { accessibility: 'Izjava o pristupačnosti', privacy: 'Zaštita osobnih podataka' },
  en: { accessibility: 'Accessibility statement', privacy: 'Privacy' },
};

interface Stop {
  name: string;
  /** A path, or how to find it with the signed-in page's API. */
  path: string | ((page: Page) => Promise<string>);
}

interface ProjectRow {
  identifier: string;
  name: string;
  state?: { name?: string } | string;
}

async function leadProjects(page: Page): Promise<ProjectRow[]> {
  const answer = await page.request.get('/api/v1/internal/projects/');
  expect(answer.ok()).toBe(true);
  return (await answer.json()) as ProjectRow[];
}

const firstIdentifier = async (page: Page) => (await leadProjects(page))[0].identifier;

/** For staff: a project of the whole list (staff lead none of their own). */
async function anyIdentifier(page: Page): Promise<string> {
  const answer = await page.request.get('/api/v1/internal/projects/all');
  expect(answer.ok()).toBe(true);
  const all = (await answer.json()) as ProjectRow[];
  expect(all.length).toBeGreaterThan(0);
  return all[0].identifier;
}

async function inactiveUserPath(page: Page): Promise<string> {
  const answer = await page.request.get('/api/v1/internal/inactive-users/');
  expect(answer.ok()).toBe(true);
  const users = (await answer.json()) as { username: string }[];
  expect(users.length).toBeGreaterThan(0);
  return `/ui/users/inactive/${encodeURIComponent(users[0].username)}`;
}

/** For staff: the newest mail of the outbox, or a number no mail has yet (the page then says so). */
async function outboxMailPath(page: Page): Promise<string> {
  const answer = await page.request.get('/api/v1/internal/outbox/');
  expect(answer.ok()).toBe(true);
  const { mails } = (await answer.json()) as { mails: { id: number }[] };
  return mails.length ? `/ui/outbox/${mails[0].id}` : '/ui/outbox/1';
}

const requestTypes = (requestIndex.oneOf as { const: string; staffOnly: boolean }[]);

const anonymousStops: Stop[] = [
  { name: 'login', path: '/ui/login' },
  { name: 'login-priv', path: '/ui/login-priv' },
  { name: 'invitation', path: `/ui/login-email/${NEVER_ISSUED_KEY}` },
  { name: 'error', path: '/ui/error' },
  { name: 'error-saml-busy', path: '/ui/error?reason=busy' },
  { name: 'saml2-error-attrs', path: '/ui/saml2-error/edugainattrs?missing=mail,sn' },
  { name: 'saml2-error-multiple', path: '/ui/saml2-error/edugainmultiple' },
  { name: 'saml2-error-other', path: '/ui/saml2-error/other' },
  { name: 'saml2-error-otherbrowser', path: '/ui/saml2-error/otherbrowser?federation=national' },
  { name: 'accessibility', path: '/ui/accessibility' },
  { name: 'privacy', path: '/ui/privacy' },
];

const leadStops: Stop[] = [
  { name: 'my-requests', path: '/ui/my-requests' },
  { name: 'my-request-detail', path: async (page) => `/ui/my-requests/${encodeURIComponent(await firstIdentifier(page))}` },
  { name: 'extension', path: async (page) => `/ui/my-requests/extend/${encodeURIComponent(await firstIdentifier(page))}` },
  { name: 'new-request', path: '/ui/new-request' },
  ...requestTypes.filter((t) => !t.staffOnly).map((t) => ({ name: `new-request-${t.const}`, path: `/ui/new-request/${t.const}` })),
  { name: 'memberships', path: '/ui/memberships' },
  { name: 'memberships-inactive', path: '/ui/memberships/inactive' },
  { name: 'membership-detail', path: async (page) => `/ui/memberships/${encodeURIComponent(await firstIdentifier(page))}` },
  { name: 'public-keys', path: '/ui/public-keys' },
  { name: 'public-key-new', path: '/ui/public-keys/new' },
  { name: 'my-info', path: '/ui/my-info' },
  { name: 'my-data', path: '/ui/my-info/data' },
  { name: 'accessibility-signed-in', path: '/ui/accessibility' },
  { name: 'privacy-signed-in', path: '/ui/privacy' },
  { name: 'project-accounting', path: '/ui/project-accounting' },
  { name: 'project-users-accounting', path: '/ui/project-users-accounting' },
  { name: 'my-accounting', path: '/ui/my-accounting' },
  { name: 'not-found', path: '/ui/no-such-page' },
];

const staffStops: Stop[] = [
  { name: 'staff-requests', path: '/ui/requests' },
  { name: 'processing-request', path: async (page) => `/ui/requests/${encodeURIComponent(await anyIdentifier(page))}` },
  { name: 'projects', path: '/ui/projects' },
  { name: 'processing-project', path: async (page) => `/ui/projects/${encodeURIComponent(await anyIdentifier(page))}` },
  { name: 'users', path: '/ui/users' },
  { name: 'users-inactive', path: '/ui/users/inactive' },
  { name: 'user-detail', path: '/ui/users/lead' },
  { name: 'inactive-user-detail', path: inactiveUserPath },
  { name: 'software', path: '/ui/software' },
  { name: 'science-usage', path: '/ui/science-usage' },
  { name: 'hours-granted', path: '/ui/hours-granted' },
  { name: 'outbox', path: '/ui/outbox' },
  { name: 'outbox-mail', path: outboxMailPath },
  { name: 'rules', path: '/ui/rules' },
  { name: 'rules-qa', path: '/ui/rules/qa' },
  { name: 'rules-editors', path: '/ui/rules/editors' },
  ...requestTypes.filter((t) => t.staffOnly).map((t) => ({ name: `new-request-${t.const}`, path: `/ui/new-request/${t.const}` })),
];

/** Opens `path` and waits for its content; false when it shows no visible `h1`. */
async function openAndSettle(page: Page, path: string): Promise<boolean> {
  const requests = requestsInFlight(page);
  try {
    await page.goto(path);
    await requests.quiet();
  } finally {
    requests.stop();
  }
  await expect(page.locator('.ui.active.loader')).toHaveCount(0, { timeout: 20_000 });
  await page.evaluate(() => document.fonts.ready);
  // A lazy page may still be drawing once its requests are done: its heading gets a few seconds.
  return page
    .locator('h1')
    .first()
    .waitFor({ state: 'visible', timeout: 10_000 })
    .then(() => true, () => false);
}

/** Problems of one page: axe (critical, serious) at desktop width, then the phone checks. */
async function check(page: Page, testInfo: TestInfo, stop: Stop, lang: Lang): Promise<string[]> {
  const problems: string[] = [];
  const path = typeof stop.path === 'string' ? stop.path : await stop.path(page);
  await page.setViewportSize({ width: 1366, height: 860 });
  if (!(await openAndSettle(page, path))) problems.push(`${stop.name} [${lang}] has no visible h1`);
  expect(await page.locator('html').getAttribute('lang'), `${stop.name}: html lang`).toBe(lang);
  if (keepScreenshots) await page.screenshot({ path: testInfo.outputPath(`desktop-${lang}-${stop.name}.png`), fullPage: true });
  for (const finding of await seriousAxeFindings(page, null)) problems.push(`${stop.name} [${lang}] axe ${finding}`);
  // The law asks both statements to be reachable from every page: the footer links to them.
  const footer = page.getByRole('contentinfo');
  for (const [href, name] of [['/ui/accessibility', FOOTER[lang].accessibility], ['/ui/privacy', FOOTER[lang].privacy]]) {
    if (!(await footer.locator(`a[href="${href}"]`, { hasText: name }).isVisible())) problems.push(`${stop.name} [${lang}] footer has no link "${name}" to ${href}`);
  }

  await page.setViewportSize({ width: PHONE_WIDTH, height: 844 });
  await page.waitForTimeout(150);
  if (keepScreenshots) await page.screenshot({ path: testInfo.outputPath(`phone-${lang}-${stop.name}.png`), fullPage: true });
  // The page lays itself out again after the resize (charts and grids on their resize observers).
  await page.waitForFunction((phone) => document.documentElement.scrollWidth <= phone, PHONE_WIDTH, { timeout: 3_000 }).catch(() => undefined);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  if (width > PHONE_WIDTH) problems.push(`${stop.name} [${lang}] is ${width} px wide at ${PHONE_WIDTH} px`);
  const toggle = page.locator('.language-toggle');
  const box = await toggle.boundingBox();
  if (!box || box.x < 0 || box.x + box.width > PHONE_WIDTH) problems.push(`${stop.name} [${lang}] language toggle off screen`);
  return problems;
}

async function walk(page: Page, testInfo: TestInfo, stops: Stop[], lang: Lang): Promise<void> {
  const problems: string[] = [];
  for (const stop of stops) problems.push(...(await check(page, testInfo, stop, lang)));
  expect(problems).toEqual([]);
}

// The walks only read: both workers may take them, so this file is not the run's long tail.
test.describe.configure({ mode: 'parallel' });

for (const lang of ['hr', 'en'] as const) {
  test.describe(`every page in ${lang}`, () => {
    test.beforeEach(async ({ context, baseURL }) => {
      await context.addCookies([{ name: langCookie, value: lang, url: baseURL! }]);
    });

    test(`public pages [${lang}]`, async ({ page }, testInfo) => {
      test.setTimeout(120_000);
      await walk(page, testInfo, anonymousStops, lang);
    });

    for (const [user, stops] of [['lead', leadStops], ['staff', staffStops]] as [DemoUser, Stop[]][]) {
      test(`${user}'s pages [${lang}]`, async ({ page }, testInfo) => {
        test.setTimeout(300_000);
        await loginAs(page, user);
        await walk(page, testInfo, stops, lang);
      });
    }
  });
}
