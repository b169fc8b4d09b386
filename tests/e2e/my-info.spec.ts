import { expect, test } from '@playwright/test';
import { expectNoSeriousAxe, useLanguage } from './helpers/axe';
import { expectToast, loginAs, screenshot, sessionIsActive, SESSIONS_USER } from './helpers/portal';

test('my info shows status, directory data and research-registry data', async ({ page }) => {
  await loginAs(page, 'lead');
  await page.goto('/ui/my-info');
  await expect(page.getByRole('heading', { name: 'Moji podaci' })).toBeVisible();
  await expect(page.getByTestId('user-status')).toHaveText(/Aktivan/);
  const directory = page.getByTestId('directory-data');
  await expect(directory).toContainText('Ana');
  await expect(directory).toContainText('ahorvat@fer.hr');
  const person = page.getByTestId('registry-person');
  await expect(person).toBeVisible();
  await expect(person.getByRole('link', { name: 'Profil u sustavu CroRIS' })).toHaveAttribute('href', /^https:\/\/www\.croris\.hr\/osobe\/profil\/\d+\/$/);
  await expect(page.getByTestId('registry-lead-projects').getByRole('link').first()).toHaveAttribute(
    'href',
    /^https:\/\/www\.croris\.hr\/projekti\/projekt\/\d+$/,
  );
  await screenshot(page, 'my-info-lead');
});

test('a foreign user without registry data sees the empty text', async ({ page }) => {
  await loginAs(page, 'foreign');
  await page.goto('/ui/my-info');
  await expect(page.getByText('Nema podataka iz sustava CroRIS')).toBeVisible();
  await expect(page.getByText('Strani korisnik (eduGAIN)')).toBeVisible();
  await screenshot(page, 'my-info-foreign');
});

test('mail preferences chosen on my info are kept after a reload', async ({ page }) => {
  await loginAs(page, 'collab');
  await page.goto('/ui/my-info');
  const prefs = page.getByTestId('mail-preferences');
  await expect(prefs.getByRole('heading', { name: 'Obavijesti e-poštom' })).toBeVisible();
  // The routine notices and the digest moment come from rules/mail.json.
  await expect(prefs).toContainText('Mjesečna potrošnja resursa projekta koji vodite');
  await expect(prefs).toContainText('Tjedni pregled šalje se svaki tjedan: ponedjeljak, 8:00');
  const language = prefs.getByRole('group', { name: 'Jezik poruka e-pošte' });
  const routine = prefs.getByRole('group', { name: 'Rutinske obavijesti' });
  await expect(language.getByLabel('Hrvatski')).toBeChecked();
  await expect(routine.getByLabel('Odmah, svaka u svojoj poruci')).toBeChecked();
  await expect(prefs.getByTestId('mail-language-follows')).toBeVisible();

  await language.getByText('Engleski').click();
  await routine.getByText('Jednom tjedno, sve u jednom pregledu').click();
  await prefs.getByRole('button', { name: 'Spremi postavke obavijesti' }).click();
  await expectToast(page, 'success', 'Postavke obavijesti su spremljene');

  await page.reload();
  await expect(language.getByLabel('Engleski')).toBeChecked();
  await expect(routine.getByLabel('Jednom tjedno, sve u jednom pregledu')).toBeChecked();
  await expect(prefs.getByTestId('mail-language-follows')).toHaveCount(0);
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await screenshot(page, 'my-info-mail-preferences-phone');

  // Back as it was, so other tests find collab's mail in Croatian.
  await page.setViewportSize({ width: 1366, height: 860 });
  await language.getByText('Hrvatski').click();
  await routine.getByText('Odmah, svaka u svojoj poruci').click();
  await prefs.getByRole('button', { name: 'Spremi postavke obavijesti' }).click();
  await expectToast(page, 'success', 'Postavke obavijesti su spremljene');
});

test('a lead mutes the routine notices of a project on its membership page, and it stays muted', async ({ page }) => {
  await loginAs(page, 'lead');
  const projects = (await (await page.request.get('/api/v1/internal/projects/role/lead')).json()) as { identifier: string; is_active: boolean }[];
  const identifier = projects.find((p) => p.is_active)!.identifier;
  await page.goto(`/ui/memberships/${encodeURIComponent(identifier)}`);
  const mute = page.getByTestId('project-mail-mute');
  const toggle = mute.getByLabel('Utišaj rutinske obavijesti o ovom projektu');
  await expect(toggle).not.toBeChecked();
  await mute.getByText('Utišaj rutinske obavijesti o ovom projektu').click();
  await expectToast(page, 'success', 'Rutinske obavijesti o projektu su utišane');
  await page.reload();
  await expect(toggle).toBeChecked();
  await page.goto('/ui/my-info');
  expect((await (await page.request.get('/api/v1/internal/mail-preferences/')).json()).mutedProjects).toEqual([identifier]);

  await page.goto(`/ui/memberships/${encodeURIComponent(identifier)}`);
  await mute.getByText('Utišaj rutinske obavijesti o ovom projektu').click();
  await expectToast(page, 'success', 'Rutinske obavijesti o projektu ponovno stižu');
  await expect(toggle).not.toBeChecked();
});

test.describe('sessions on my info', () => {
  // Only this test signs in as SESSIONS_USER: ending "all others" must not end another test's session.
  const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
  const LAPTOP = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';

  test('lists the sessions, ends another one and all others, in Croatian and English, on a phone too', async ({ browser, baseURL }) => {
    // Three browsers sign in, and the page is checked in two languages and two widths.
    test.setTimeout(120_000);
    const here = await browser.newContext({ baseURL, userAgent: LAPTOP });
    const phone = await browser.newContext({ baseURL, userAgent: PHONE });
    const third = await browser.newContext({ baseURL });
    const [page, phonePage, thirdPage] = await Promise.all([here.newPage(), phone.newPage(), third.newPage()]);
    try {
      await loginAs(page, SESSIONS_USER);
      await loginAs(phonePage, SESSIONS_USER);
      await page.goto('/ui/my-info');
      const sessions = page.getByTestId('my-sessions');
      await expect(sessions.getByRole('heading', { name: 'Vaše sesije' })).toBeVisible();
      const mine = sessions.locator('[data-testid="my-session"][data-current="true"]');
      await expect(mine).toContainText('Firefox 133, Windows');
      await expect(mine).toContainText('ovaj preglednik');
      const onPhone = sessions.getByTestId('my-session').filter({ hasText: 'Safari 17, iOS' });
      await expect(onPhone).toHaveCount(1);
      await expect(onPhone).toContainText('127.0.0.1');
      await expectNoSeriousAxe(page);

      // "End" on the phone's row: the phone is signed out, this browser is not.
      await onPhone.getByRole('button', { name: 'Završi sesiju u pregledniku Safari 17, iOS' }).click();
      await expectToast(page, 'success', 'Sesija je završena');
      await expect(onPhone).toHaveCount(0);
      expect(await sessionIsActive(phonePage)).toBe(false);
      expect(await sessionIsActive(page)).toBe(true);

      // English, and "end all others" after a sign-in elsewhere.
      await loginAs(thirdPage, SESSIONS_USER);
      await useLanguage(page, 'en');
      await page.reload();
      await expect(sessions.getByRole('heading', { name: 'Your sessions' })).toBeVisible();
      await expect(sessions.getByTestId('my-session')).toHaveCount(2);
      await expect(mine).toContainText('this browser');
      await expectNoSeriousAxe(page);
      await sessions.getByRole('button', { name: 'End all other sessions' }).click();
      await expectToast(page, 'success', 'Other sessions ended: 1');
      await expect(sessions.getByTestId('my-session')).toHaveCount(1);
      await expect(sessions.getByRole('button', { name: 'End all other sessions' })).toBeDisabled();
      expect(await sessionIsActive(thirdPage)).toBe(false);

      await page.setViewportSize({ width: 390, height: 844 });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await expectNoSeriousAxe(page);
      await screenshot(page, 'my-info-sessions-phone');

      // Ending its own session signs this browser out.
      await mine.getByRole('button', { name: /End this session/ }).click();
      await expect(page).toHaveURL(/\/ui\/login/);
      expect(await sessionIsActive(page)).toBe(false);
    } finally {
      await Promise.all([here.close(), phone.close(), third.close()]);
    }
  });
});
