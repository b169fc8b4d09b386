import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import privacy from '../../schemas/rules/privacy.json';
import retention from '../../schemas/rules/retention.json';
import service from '../../schemas/rules/service.json';
import { copySchemas } from '../../harness/schema-copy';
import { expectNoSeriousAxe, useLanguage } from './helpers/axe';
import { loginAs } from './helpers/portal';
import { startPortalOnSchemas } from './helpers/schema-copy-portal';

/*
 * What the law asks the portal to publish and grant: the accessibility statement and the privacy
 * notice, reached from the footer of the login page and of the app, in Croatian and English
 * signed out and signed in, axe-clean on the whole page and not wider than a phone; the periods the
 * notice states are rules/retention.json's; every cookie the browser holds is one the notice lists
 * (the language cookie, which the client writes, among them); a user downloads
 * a copy of their data and reads it on a page; staff download a user's and see the retention counts.
 */
const PHONE_WIDTH = 390;
const key = service.properties.serviceKey.const;
const listedCookies = privacy.properties.cookies.const.map((c) => c.name.split('{serviceKey}').join(key));

/** The period texts the notice must show, in each language, by retention rule. */
const PERIODS: Record<string, { hr: string; en: string }> = {
  'login-attempts': { hr: '1 dan', en: '1 day' },
  'sent-mails': { hr: '365 dana', en: '365 days' },
  'inactive-users': { hr: '5 godina', en: '5 years' },
};

/** Axe-clean on the whole page at the desktop width and at 390 px, where nothing scrolls sideways. */
async function checkBothWidths(page: Page, where: string): Promise<void> {
  await expectNoSeriousAxe(page, null, `${where} at 1366 px`);
  await page.setViewportSize({ width: PHONE_WIDTH, height: 844 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth), { message: `${where} at 390 px` }).toBeLessThanOrEqual(PHONE_WIDTH);
  await expectNoSeriousAxe(page, null, `${where} at 390 px`);
  await page.setViewportSize({ width: 1366, height: 860 });
}

async function expectStatement(page: Page, lang: 'hr' | 'en'): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(lang === 'hr' ? 'Izjava o pristupačnosti' : 'Accessibility statement');
  const article = page.locator('[data-page="accessibility"]');
  await expect(article).toContainText(lang === 'hr' ? 'djelomično su usklađene s normom EN 301 549' : 'partially compliant with EN 301 549');
  await expect(article.getByRole('link', { name: service.properties.contactEmail.const })).toBeVisible();
  await expect(article).toContainText('Trg kralja Petra Krešimira IV. br. 2, 10000 Zagreb');
  await expect(article).toContainText(lang === 'hr' ? 'Povjerenik za informiranje' : 'Information Commissioner');
}

async function expectNotice(page: Page, lang: 'hr' | 'en'): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(lang === 'hr' ? 'Obavijest o zaštiti osobnih podataka' : 'Privacy notice');
  for (const rule of retention.oneOf.map((r) => r.const)) {
    const cells = page.locator(`[data-table="categories"] tr[data-retention="${rule}"] [data-cell="kept"]`);
    expect(await cells.count(), rule).toBeGreaterThan(0);
    for (const text of await cells.allTextContents()) expect(text, rule).toContain(PERIODS[rule][lang]);
  }
  for (const name of listedCookies) await expect(page.locator('[data-table="cookies"]')).toContainText(name);
}

test('signed out, the login page’s footer leads to both pages, in Croatian and English', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto('/ui/login');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Izjava o pristupačnosti' }).click();
  await expect(page).toHaveURL(/\/ui\/accessibility$/);
  await expectStatement(page, 'hr');
  await checkBothWidths(page, 'accessibility hr');
  await useLanguage(page, 'en');
  await expectStatement(page, 'en');
  await checkBothWidths(page, 'accessibility en');

  await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy' }).click();
  await expect(page).toHaveURL(/\/ui\/privacy$/);
  await expectNotice(page, 'en');
  await checkBothWidths(page, 'privacy en');
  await useLanguage(page, 'hr');
  await expectNotice(page, 'hr');
  await checkBothWidths(page, 'privacy hr');

  // The English addresses the SAML metadata names open in English whatever the cookie says.
  await page.goto('/ui/privacy/en');
  await expectNotice(page, 'en');
});

test('signed in, every page’s footer leads to them in the app’s frame, and a user downloads and reads their data', async ({ page, context }) => {
  test.setTimeout(180_000);
  await loginAs(page, 'lead');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Zaštita osobnih podataka' }).click();
  await expect(page).toHaveURL(/\/ui\/privacy$/);
  await expect(page.getByTestId('user-greeting')).toBeVisible();
  await expectNotice(page, 'hr');
  await checkBothWidths(page, 'privacy signed in');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Izjava o pristupačnosti' }).click();
  await expectStatement(page, 'hr');
  await checkBothWidths(page, 'accessibility signed in');
  // Both pages in English in the app's frame; the language is the client's own cookie.
  await useLanguage(page, 'en');
  await expect(page.getByTestId('user-greeting')).toBeVisible();
  await expectStatement(page, 'en');
  await checkBothWidths(page, 'accessibility signed in en');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy' }).click();
  await expect(page).toHaveURL(/\/ui\/privacy$/);
  await expectNotice(page, 'en');
  await checkBothWidths(page, 'privacy signed in en');
  expect((await context.cookies()).map((c) => c.name)).toContain(`${key}-lang`);
  await useLanguage(page, 'hr');

  await page.goto('/ui/my-info');
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Preuzmi moje podatke' }).click();
  const download = await downloading;
  const data = JSON.parse(readFileSync((await download.path())!, 'utf8'));
  expect(data.profile.username).toBe('lead');
  expect(data.projects.length).toBeGreaterThan(0);
  expect(data.sessions.length).toBeGreaterThan(0);

  await page.getByRole('link', { name: 'Pregledaj moje podatke' }).click();
  await expect(page).toHaveURL(/\/ui\/my-info\/data$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Preslika mojih podataka');
  await expect(page.locator('[data-section="projects"]')).toContainText(data.projects[0].identifier);
  // Fields are labelled in the reader's language, not with the document's keys.
  const profile = page.locator('[data-section="profile"]');
  await expect(profile.getByRole('cell', { name: 'Korisničko ime', exact: true })).toBeVisible();
  await expect(profile).not.toContainText('person_mail');
  await expect(page.locator('[data-section="sessions"] th[data-field="user_agent"]')).toHaveText('Preglednik');
  await checkBothWidths(page, 'my data hr');
  await useLanguage(page, 'en');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('A copy of my data');
  await expect(page.getByRole('heading', { name: 'SSH public keys' })).toBeVisible();
  await expect(profile.getByRole('cell', { name: 'Username', exact: true })).toBeVisible();
  await expect(page.locator('[data-section="sessions"] th[data-field="ip"]')).toHaveText('Network address');
  await checkBothWidths(page, 'my data en');

  // Every cookie the browser holds now (the server's and the client's own) is listed in the notice.
  const names = (await context.cookies()).map((c) => c.name);
  expect(names.length).toBeGreaterThan(0);
  expect(names.filter((name) => !listedCookies.includes(name))).toEqual([]);
});

test('staff download a user’s data and see what the retention job would remove', async ({ page }) => {
  test.setTimeout(90_000);
  await loginAs(page, 'staff');
  await page.goto('/ui/users/collab');
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Preuzmi sve podatke o korisniku' }).click();
  const data = JSON.parse(readFileSync((await (await downloading).path())!, 'utf8'));
  expect(data.profile.username).toBe('collab');

  await page.goto('/ui/rules');
  const section = page.locator('[data-section="retention"]');
  const counts = (await (await page.request.get('/api/v1/internal/retention/')).json()) as { rules: { rule: string; rows: number }[] };
  await expect(section.locator('tbody tr')).toHaveCount(counts.rules.length);
  await expect(section).toContainText('Pokušaji prijave s mrežnom adresom');
  await expect(section).toContainText('5 godina');
  await checkBothWidths(page, 'rules with retention');
});

test.describe('on a schema copy', () => {
  const port = Number(process.env.E2E_PORT ?? 8123) + 7;
  const copy = copySchemas();
  let stop: (() => void) | undefined;
  test.use({ baseURL: `http://127.0.0.1:${port}` });
  test.beforeAll(async () => {
    test.setTimeout(180_000);
    stop = await startPortalOnSchemas(port, copy.dir);
  });
  test.afterAll(() => {
    stop?.();
    copy.remove();
  });

  test('the statement follows its schema when the centre edits it', async ({ page }) => {
    test.setTimeout(90_000);
    await page.goto('/ui/accessibility');
    await expect(page.locator('[data-list="non-accessible"] li')).toHaveCount(2);
    copy.edit('rules/accessibility.json', (doc) => {
      doc.properties.complianceStatus.const = 'full';
      doc.properties.nonAccessible.const = [];
      doc.properties.answerDays.const = 8;
    });
    await expect
      .poll(async () => {
        await page.reload();
        return page.locator('[data-status]').getAttribute('data-status');
      }, { timeout: 30_000 })
      .toBe('full');
    const article = page.locator('[data-page="accessibility"]');
    await expect(article).toContainText('potpuno su usklađene s normom');
    await expect(article).toContainText('Nema poznatog nepristupačnog sadržaja.');
    await expect(article).toContainText('u roku od 8 dana');
    await expect(page.locator('[data-list="non-accessible"]')).toHaveCount(0);
  });
});
