import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectPath } from './helpers/portal';
import { submitLogin } from '../../harness/login-form';
import { IMPORTED, startImportedPortal, type ImportedPortal } from './helpers/imported-portal';
import { expectNoSeriousAxe } from './helpers/axe';

/*
 * A local user brought over from the current portal (docs/migration.md) signs in with the old
 * password and finds the imported projects and keys, in hr and en, on a desktop and a phone.
 * The portal is one of its own (start-imported-server.ts): the demo data plus the import.
 */
const port = Number(process.env.E2E_PORT ?? 8123) + 6;
const { project, denied } = IMPORTED;

type Lang = 'hr' | 'en';

const TEXT = {
  hr: {
    myRequests: 'Moji zahtjevi',
    memberships: 'Članstva',
    publicKeys: 'Javni ključevi',
    lead: 'voditelj',
    greeting: 'Pozdrav',
    noProjects: 'Javne ključeve možete dodavati kada sudjelujete na barem jednom odobrenom projektu.',
  },
  en: {
    myRequests: 'My requests',
    memberships: 'Memberships',
    publicKeys: 'Public keys',
    lead: 'lead',
    greeting: 'Hello',
    noProjects: 'You can add public keys once you take part in at least one approved project.',
  },
} as const;

let portal: ImportedPortal;

test.use({ baseURL: `http://127.0.0.1:${port}` });

test.beforeAll(async () => {
  test.setTimeout(150_000);
  portal = await startImportedPortal(port);
});
test.afterAll(async () => {
  await portal?.stop();
});

async function setLanguage(page: Page, lang: Lang): Promise<void> {
  await page.getByRole('button', { name: lang.toUpperCase(), exact: true }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
}

/**
 * Runs `check` in all four views — each language at 1366 and at 390 px — starting in the page's
 * current language and switching it once, and ends at the desktop width. The page is not
 * reloaded: width and language change in place. axe runs in two of the views (one language at
 * each width, so every language and every width is checked); the every-page walk runs it in all.
 */
async function inEveryView(page: Page, name: string, check: (lang: Lang) => Promise<void>): Promise<void> {
  const first = (await page.locator('html').getAttribute('lang')) === 'en' ? 'en' : 'hr';
  const second: Lang = first === 'hr' ? 'en' : 'hr';
  for (const [lang, width] of [[first, 1366], [first, 390], [second, 390], [second, 1366]] as const) {
    if ((await page.locator('html').getAttribute('lang')) !== lang) await setLanguage(page, lang);
    await page.setViewportSize({ width, height: width === 390 ? 844 : 860 });
    await expect(page.getByTestId('user-greeting')).toHaveText(`${TEXT[lang].greeting}, ${IMPORTED.firstName}`);
    await check(lang);
    if ((lang === first) === (width === 1366)) await expectNoSeriousAxe(page, null, `${name} [${lang}, ${width} px]`);
  }
}

/** Goes to a section through the nav bar (no page load), in the current language. */
async function openSection(page: Page, section: 'myRequests' | 'memberships' | 'publicKeys', uiPath: string): Promise<void> {
  const lang: Lang = (await page.locator('html').getAttribute('lang')) === 'en' ? 'en' : 'hr';
  await page.getByRole('navigation').getByRole('link', { name: TEXT[lang][section], exact: true }).click();
  await expectPath(page, uiPath);
}

const heading = (page: Page, text: string): Locator => page.getByRole('heading', { level: 1, name: text, exact: true });

test('an imported local user signs in with the old password and sees the imported projects and keys', async ({ page }) => {
  test.setTimeout(60_000);
  await page.goto('/ui/login');
  await submitLogin(page, IMPORTED.username, IMPORTED.password);
  await expect(page).not.toHaveURL(/\/ui\/login$/);
  await expect(page.getByTestId('user-greeting')).toBeVisible();

  // My requests: the approved project and the denied request, each by its code and name.
  await openSection(page, 'myRequests', '/ui/my-requests');
  await inEveryView(page, 'my-requests', async (lang) => {
    await expect(heading(page, TEXT[lang].myRequests)).toBeVisible();
    for (const request of [project, denied]) {
      const row = page.getByTestId(`my-request-${request.code}`);
      await expect(row.locator('.project-code')).toHaveText(request.code);
      await expect(row.locator('.request-name')).toHaveText(request.name);
    }
  });

  // Memberships: the approved project with the user as its lead; a denied request is no membership.
  await openSection(page, 'memberships', '/ui/memberships');
  await inEveryView(page, 'memberships', async (lang) => {
    await expect(heading(page, TEXT[lang].memberships)).toBeVisible();
    const row = page.getByTestId('memberships-table').locator(`tr[data-project="${project.code}"]`);
    await expect(row.getByRole('link', { name: project.name, exact: true })).toBeVisible();
    await expect(row.getByRole('cell', { name: project.code })).toBeVisible();
    await expect(row.getByRole('cell', { name: TEXT[lang].lead, exact: true })).toBeVisible();
    await expect(page.locator(`tr[data-project="${denied.code}"]`)).toHaveCount(0);
  });

  // Public keys: both keys, with the fingerprints the import computed (not the stale stored one),
  // and no notice to take part in an approved project first: the imported one counts.
  await openSection(page, 'publicKeys', '/ui/public-keys');
  await inEveryView(page, 'public-keys', async (lang) => {
    await expect(heading(page, TEXT[lang].publicKeys)).toBeVisible();
    for (const key of IMPORTED.keys) {
      const row = page.locator(`tr[data-key-name="${key.name}"]`);
      // SHA256 as ssh-keygen shows it, the imported MD5 form on request.
      await expect(row.getByTestId('key-fingerprint-text')).toHaveText(/^SHA256:[A-Za-z0-9+/]{43}$/);
      await row.locator('.key-fingerprint-switch').click();
      await expect(row.getByTestId('key-fingerprint-text')).toHaveText(`MD5:${key.fingerprint}`);
      await row.locator('.key-fingerprint-switch').click();
      await expect(row.getByRole('cell', { name: key.public_key.split(' ')[0], exact: true })).toBeVisible();
    }
    await expect(page.getByText(IMPORTED.staleFingerprint)).toHaveCount(0);
    await expect(page.getByText(TEXT[lang].noProjects)).toHaveCount(0);
  });
});
