import { expect, test, type Page } from '@playwright/test';
import { expectPath, expectToast, loginAs, screenshot } from './helpers/portal';
import { submitLogin } from '../../harness/login-form';
import { invitationPath, startMailPortal, type MailPortal } from './helpers/mail-portal';
import { expectNoSeriousAxe } from './helpers/axe';

/*
 * Memberships end to end against a portal of its own whose mails really go out over SMTP to a
 * sink, so the invitation is followed from the lead's form through the mail to the invitee.
 */
const mailPort = Number(process.env.E2E_PORT ?? 8123) + 12;
const PRACTICAL = 'Praktična nastava iz kolegija Paralelno programiranje';
const INACTIVE = 'Radionica: Uvod u rad na superračunalu Supek';
const EXPIRED_KEY = 'e2eexpired'.padEnd(64, '0');
const NEVER_ISSUED_KEY = 'e2enoinvitation'.padEnd(64, '0');
const INVITEE = 'luka.maric@student.fer.hr';

let portal: MailPortal;
let inviteLink = '';

test.describe.configure({ mode: 'serial' });
test.use({ baseURL: `http://127.0.0.1:${mailPort}` });

test.beforeAll(async () => {
  test.setTimeout(150_000);
  portal = await startMailPortal(mailPort, { expiredInviteKey: EXPIRED_KEY });
});

test.afterAll(async () => {
  await portal?.stop();
});

async function openMembership(page: Page, name: string, inactive = false): Promise<void> {
  await page.goto(inactive ? '/ui/memberships/inactive' : '/ui/memberships');
  await page.getByRole('link', { name }).click();
  await expect(page.getByTestId('membership-card')).toContainText(name);
}

async function typeEmail(page: Page, field: string, email: string): Promise<void> {
  const input = page.locator(`#${field} input.search`);
  await input.fill(email);
  await input.press('Enter');
  await expect(page.locator(`#${field} .ui.label`, { hasText: email })).toBeVisible();
}

async function confirmYes(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Da', exact: true }).click();
}

async function inviteAndReadMail(page: Page, email: string): Promise<string> {
  await typeEmail(page, 'invite-emails', email);
  await page.getByRole('button', { name: 'Pošalji' }).click();
  await confirmYes(page);
  await expectToast(page, 'success', 'Pozivnice su uspješno poslane');
  await expect(page.getByTestId('pending-invites')).toContainText(email);
  const mail = await portal.sink.waitFor((m) => m.recipients.includes(email), 20_000);
  return invitationPath(mail);
}

test('memberships list only approved projects, with the active/inactive switch', async ({ page }) => {
  await loginAs(page, 'lead');
  await page.goto('/ui/memberships');
  const table = page.getByTestId('memberships-table');
  await expect(table).toContainText(PRACTICAL);
  // Requests (submit, deny) are not memberships.
  await expect(table).not.toContainText('Molekularna dinamika proteinskih kompleksa');
  await expect(table).not.toContainText('Računalna grafika');
  await expect(table).not.toContainText(INACTIVE);
  await screenshot(page, 'memberships-active');
  await page.getByRole('link', { name: 'Neaktivni' }).click();
  await expectPath(page, '/ui/memberships/inactive');
  await expect(page.getByTestId('memberships-table')).toContainText(INACTIVE);
});

test('a user without projects sees the empty text and no switch', async ({ page }) => {
  await loginAs(page, 'newbie');
  await page.goto('/ui/memberships');
  await expect(page.getByText('Nemate prijavljenih sudjelovanja na odobrenim projektima')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Neaktivni' })).toHaveCount(0);
});

test('the lead invites a collaborator and the invitation mail is delivered', async ({ page }) => {
  await loginAs(page, 'lead');
  await openMembership(page, PRACTICAL);
  await expect(page.getByTestId('members-table')).toContainText('Ana Horvat');
  inviteLink = await inviteAndReadMail(page, INVITEE);
  expect(inviteLink).toMatch(/^\/ui\/login-email\/[a-z0-9]{64}$/);
  await screenshot(page, 'membership-lead');
});

test('the invitee signs in from the link, sees what the invitation is for, accepts it, sees the progress bar and lands on memberships', async ({ page }) => {
  await page.goto(inviteLink);
  await expectPath(page, '/ui/login');
  await submitLogin(page, 'newbie', 'newbie');
  // Opening the link joins nobody: the page says what the invitation is for, and that it was sent
  // to an address that is not newbie's, and waits for the button.
  const details = page.getByTestId('invitation-details');
  await expect(details).toContainText(PRACTICAL);
  await expect(details).toContainText(INVITEE);
  await expect(page.getByTestId('invitation-address-mismatch')).toContainText(`Pozivnica je poslana na adresu ${INVITEE}`);
  await expect(page.getByTestId('invitation-outcome')).toHaveCount(0);
  await expectNoSeriousAxe(page);
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await screenshot(page, 'invitation-details-phone');
  await page.setViewportSize({ width: 1366, height: 860 });
  await page.getByTestId('invitation-accept').click();
  await expect(page.getByTestId('invitation-outcome')).toHaveText('Prijava uspješna, preusmjeravanje...');
  await expect(page.getByTestId('invitation-progress')).toBeVisible();
  await page.screenshot({ path: 'tests/e2e/screenshots/invitation-accepted.png' });
  await expectPath(page, '/ui/memberships');
  await expect(page.getByTestId('memberships-table')).toContainText(PRACTICAL);
  await openMembership(page, PRACTICAL);
  // A collaborator sees the members, and none of the lead's controls.
  await expect(page.getByTestId('members-table')).toContainText('Luka Marić');
  await expect(page.getByTestId('collaborators-form')).toHaveCount(0);
  await expect(page.getByRole('checkbox')).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('invitation-key-set'))).toBeNull();
});

test('the lead signs the new collaborator off; the lead cannot be ticked', async ({ page }) => {
  await loginAs(page, 'lead');
  await openMembership(page, PRACTICAL);
  await expect(page.getByRole('checkbox', { name: /Ana Horvat/ })).toHaveCount(0);
  await page.getByRole('button', { name: 'Odjavi označene suradnike' }).click();
  await confirmYes(page);
  await expectToast(page, 'warning', 'Označite barem jednog suradnika');
  await page.getByRole('checkbox', { name: /Luka Marić/ }).check({ force: true });
  await page.getByRole('button', { name: 'Odjavi označene suradnike' }).click();
  await confirmYes(page);
  await expectToast(page, 'success', 'Suradnici su uspješno odjavljeni');
  await expect(page.getByTestId('members-table')).not.toContainText('Luka Marić');
});

test('used, expired and wrong-type invitations show their messages', async ({ page, browser }) => {
  await loginAs(page, 'newbie');
  await page.goto(inviteLink);
  await expect(page.getByTestId('invitation-outcome')).toHaveText('Prijava neuspješna: Pozivni kod je iskorišten');
  await page.goto(`/ui/login-email/${NEVER_ISSUED_KEY}`);
  await expect(page.getByTestId('invitation-outcome')).toHaveText('Prijava neuspješna: Pozivni kod je istekao');
  // The seeded invitation past its expiry still exists: it reads as expired.
  await page.goto(`/ui/login-email/${EXPIRED_KEY}`);
  await expect(page.getByTestId('invitation-outcome')).toHaveText('Prijava neuspješna: Pozivni kod je istekao');
  await screenshot(page, 'invitation-refused');

  const lead = await (await browser.newContext()).newPage();
  await loginAs(lead, 'lead');
  await openMembership(lead, PRACTICAL);
  const localInvite = await inviteAndReadMail(lead, 'jane.doe.local@uni-example.eu');
  const foreign = await (await browser.newContext()).newPage();
  await foreign.goto(localInvite);
  await submitLogin(foreign, 'foreign', 'foreign');
  await foreign.getByTestId('invitation-accept').click();
  await expect(foreign.getByTestId('invitation-outcome')).toHaveText(
    'Prijava neuspješna: Pozivnica je namijenjena domaćim suradnicima koji se prijavljuju elektroničkim identitetom AAI@EduHR',
  );
});

test('the English link keeps English through the login and shows the outcome in English', async ({ page }) => {
  await page.goto(`/ui/login-email/${NEVER_ISSUED_KEY}/en`);
  await expectPath(page, '/ui/login');
  await submitLogin(page, 'collab', 'collab');
  await expectPath(page, `/ui/login-email/${NEVER_ISSUED_KEY}/en`);
  await expect(page.getByTestId('invitation-outcome')).toHaveText('Registration failed: the invitation code has expired');
  // A refusal is final: the key is forgotten, so the next login lands by role.
  expect(await page.evaluate(() => localStorage.getItem('invitation-key-set'))).toBeNull();
});

test('an e-mail file loads its valid lines and reports the invalid ones; a pending invitation is cancelled', async ({ page }) => {
  await loginAs(page, 'lead');
  await openMembership(page, PRACTICAL);
  await page.getByTestId('invite-emails-file').setInputFiles({
    name: 'students.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('ana.student@fer.hr\n\nnot an address\nivo.student@fer.hr\n'),
  });
  await expectToast(page, 'error', 'Datoteku nije moguće pročitati. Svaka linija datoteke bi trebala sadržavati jednu ispravnu email adresu.');
  await expect(page.locator('#invite-emails .ui.label')).toHaveText(['ana.student@fer.hr', 'ivo.student@fer.hr']);
  await screenshot(page, 'membership-file-import');
  // The accepted invitation is no longer pending; the refused one is, and the lead cancels it.
  const pending = page.getByTestId('pending-invites');
  await expect(pending.locator(`[data-invite="${INVITEE}"]`)).toHaveCount(0);
  const refused = pending.locator('[data-invite="jane.doe.local@uni-example.eu"]');
  await refused.getByRole('button', { name: 'Otkaži' }).click();
  await confirmYes(page);
  await expectToast(page, 'success', 'Pozivnica uspješno otkazana');
  await expect(refused).toHaveCount(0);
});

test('an inactive project refuses invitations and sign-offs and sends nothing', async ({ page }) => {
  await loginAs(page, 'lead');
  await openMembership(page, INACTIVE, true);
  const before = portal.sink.messages.length;
  await typeEmail(page, 'invite-emails', 'someone@ferit.hr');
  await page.getByRole('button', { name: 'Pošalji' }).click();
  await confirmYes(page);
  await expectToast(page, 'error', 'Projekt nije aktivan pa nije moguće pozivati suradnike');
  await page.getByRole('checkbox').first().check({ force: true });
  await page.getByRole('button', { name: 'Odjavi označene suradnike' }).click();
  await confirmYes(page);
  await expectToast(page, 'error', 'Projekt nije aktivan pa nije moguće odjavljivati suradnike');
  await expect(page.getByTestId('pending-invites')).not.toContainText('someone@ferit.hr');
  await page.waitForTimeout(2500);
  expect(portal.sink.messages.length).toBe(before);
});
