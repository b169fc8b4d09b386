import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { expectPath, expectToast, loginAs, logout } from './helpers/portal';
import service from '../../schemas/rules/service.json';
import { expectNoSeriousAxe } from './helpers/axe';

/*
 * Who edits the rules, on the main portal (RULES_EDITOR_GROUP=rules-editors in playwright.config.ts,
 * a group with no members): a superuser opens the page from the rules page, is refused a user who
 * is not staff, adds the staff member, who then sees the editor's controls, and removes them after
 * a confirmation, after which the staff member reads the rules only. In Croatian and English, axe-
 * clean and without sideways scrolling at 1366 and 390 px.
 */
const PHONE_WIDTH = 390;
const GROUP = 'rules-editors';
const langCookie = `${service.properties.serviceKey.const}-lang`;

const TEXTS = {
  hr: {
    title: 'Tko uređuje pravila',
    noMembers: 'Grupa još nema članova: pravila uređuju samo administratori.',
    username: 'Korisničko ime djelatnika',
    add: 'Dodaj u grupu',
    notStaff: 'Korisnik lead nije djelatnik centra; pravila smije uređivati samo osoblje',
    added: 'Korisnik staff sada smije uređivati pravila',
    count: 'Broj članova: 1',
    onlySuperusers: 'Članove grupe dodaju i uklanjaju samo administratori.',
    start: 'Započni nacrt iz pravila u upotrebi',
    readOnly: 'Pravila možete čitati, ali ih mijenjaju samo njihovi urednici.',
    remove: 'Ukloni korisnika Marko Babić iz grupe',
    question: 'Ukloniti korisnika Marko Babić (staff) iz grupe? Više neće moći mijenjati pravila.',
    yes: 'Da',
    removed: 'Korisnik više ne uređuje pravila',
  },
  en: {
    title: 'Who edits the rules',
    noMembers: 'The group has no members yet: only superusers edit the rules.',
    username: 'Username of a staff member',
    add: 'Add to the group',
    notStaff: 'lead is not centre staff; only staff may edit the rules',
    added: 'staff may now edit the rules',
    count: 'Number of members: 1',
    onlySuperusers: 'Only superusers add members to the group and remove them.',
    start: 'Start a draft from the rules in use',
    readOnly: 'You may read the rules; only their editors change them.',
    remove: 'Remove Marko Babić from the group',
    question: 'Remove Marko Babić (staff) from the group? They will no longer be able to change the rules.',
    yes: 'Yes',
    removed: 'The user no longer edits the rules',
  },
} as const;

async function bothWidths(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  await page.setViewportSize({ width: 1366, height: 860 });
  await expectNoSeriousAxe(page, null, `${name} at 1366 px`);
  await page.screenshot({ path: testInfo.outputPath(`${name}-1366.png`), fullPage: true });
  await page.setViewportSize({ width: PHONE_WIDTH, height: 844 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE_WIDTH);
  await expectNoSeriousAxe(page, null, `${name} at ${PHONE_WIDTH} px`);
  await page.screenshot({ path: testInfo.outputPath(`${name}-390.png`), fullPage: true });
  await page.setViewportSize({ width: 1366, height: 860 });
}

/** Signs in and opens a page (in the language of the test's cookie). */
async function signInIn(page: Page, user: 'admin' | 'staff', path: string): Promise<void> {
  await loginAs(page, user);
  await page.goto(path);
}

for (const lang of ['hr', 'en'] as const) {
  const text = TEXTS[lang];

  test(`a superuser adds a staff member to the rules editors, who may then edit the rules, and removes them [${lang}]`, async ({ page, context, baseURL }, testInfo) => {
    test.setTimeout(150_000);
    await context.addCookies([{ name: langCookie, value: lang, url: baseURL! }]);
    await signInIn(page, 'admin', '/ui/rules');
    await page.getByTestId('rules-editors-link').click();
    await expectPath(page, '/ui/rules/editors');
    await expect(page.getByRole('heading', { level: 1, name: text.title })).toBeVisible();
    await expect(page.getByTestId('rule-editors-group-name')).toHaveText(GROUP);
    await expect(page.getByTestId('rule-editors-count')).toHaveText(text.noMembers);
    await expect(page.getByRole('table').first().locator('[data-row="admin"]')).toContainText('Petra Jurić');
    await bothWidths(page, testInfo, `rule-editors-empty-${lang}`);

    const username = page.getByLabel(text.username);
    await username.fill('lead');
    await page.getByRole('button', { name: text.add }).click();
    await expect(page.getByTestId('rule-editors-add-outcome')).toHaveText(text.notStaff);
    await username.fill('staff');
    await page.getByRole('button', { name: text.add }).click();
    await expectToast(page, 'success', text.added);
    await expect(page.getByTestId('rule-editors-count')).toHaveText(text.count);
    const group = page.getByTestId('rule-editors-group');
    await expect(group.locator('[data-row="staff"]')).toContainText('Marko Babić');
    await expect(group.locator('[data-row="staff"]')).toContainText('mbabic@srce.hr');
    await expect(username).toHaveValue('');
    await bothWidths(page, testInfo, `rule-editors-member-${lang}`);
    await logout(page);

    // The member sees the list without the controls, and the editor's controls on the rules.
    await signInIn(page, 'staff', '/ui/rules/editors');
    await expect(page.getByTestId('rule-editors-group').locator('[data-row="staff"]')).toBeVisible();
    await expect(page.getByText(text.onlySuperusers)).toBeVisible();
    await expect(page.getByLabel(text.username)).toHaveCount(0);
    await expect(page.getByRole('button', { name: text.remove })).toHaveCount(0);
    await bothWidths(page, testInfo, `rule-editors-staff-${lang}`);
    await page.getByRole('link', { name: lang === 'hr' ? 'Natrag na pravila' : 'Back to the rules' }).click();
    await page.getByTestId('rules-edit-link').click();
    await expectPath(page, '/ui/rules/edit');
    await expect(page.getByRole('button', { name: text.start })).toBeVisible();
    await expect(page.getByText(text.readOnly)).toHaveCount(0);
    await logout(page);

    await signInIn(page, 'admin', '/ui/rules/editors');
    await page.getByRole('button', { name: text.remove }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(text.question);
    await expectNoSeriousAxe(page, null, 'the confirmation');
    await dialog.getByRole('button', { name: text.yes }).click();
    await expectToast(page, 'success', text.removed);
    await expect(page.getByTestId('rule-editors-count')).toHaveText(text.noMembers);
    await logout(page);

    await signInIn(page, 'staff', '/ui/rules/edit');
    await expect(page.getByText(text.readOnly)).toBeVisible();
    await expect(page.getByRole('button', { name: text.start })).toHaveCount(0);
    await logout(page);
  });
}
