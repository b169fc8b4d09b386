import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousAxe, useLanguage } from './helpers/axe';
import { expectToast, loginAs, logout, screenshot } from './helpers/portal';

/*
 * The staff outbox of a portal without SMTP: a lead's invitation stays there, and staff find it,
 * open it and read its link — on a phone and at the desk, in both languages.
 */
const PRACTICAL = 'Praktična nastava iz kolegija Paralelno programiranje';
const INVITEE = 'outbox.reader@student.fer.hr';
const PHONE = { width: 390, height: 844 };

test.describe.configure({ mode: 'serial' });

async function openPractical(page: Page): Promise<void> {
  await page.goto('/ui/memberships');
  await page.getByRole('link', { name: PRACTICAL }).click();
  await expect(page.getByTestId('membership-card')).toContainText(PRACTICAL);
}

test('staff read the invitation a lead sent, with its link, in the outbox', async ({ page }) => {
  test.setTimeout(90_000);
  await loginAs(page, 'lead');
  await openPractical(page);
  const input = page.locator('#invite-emails input.search');
  await input.fill(INVITEE);
  await input.press('Enter');
  await page.getByRole('button', { name: 'Pošalji' }).click();
  await page.getByRole('button', { name: 'Da', exact: true }).click();
  await expectToast(page, 'success', 'Pozivnice su uspješno poslane');
  await logout(page);

  await page.setViewportSize(PHONE);
  await loginAs(page, 'staff');
  await page.getByRole('navigation', { name: 'Glavni izbornik' }).getByRole('link', { name: 'Izlazna pošta' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Izlazna pošta' })).toBeVisible();
  await expect(page.getByText('Poslužitelj e-pošte (SMTP) nije podešen')).toBeVisible();
  const row = page.locator('.outbox-table tbody tr[data-kind="invite"]', { hasText: INVITEE }).first();
  await expect(row).toBeVisible();
  await expect(row).toContainText('Zadržana (bez SMTP-a)');
  // Newest first: the invitation just sent heads the list.
  await expect(page.locator('.outbox-table tbody tr').first()).toContainText(INVITEE);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await screenshot(page, 'outbox-phone-hr');
  await expectNoSeriousAxe(page);

  await row.getByRole('link').click();
  await expect(page).toHaveURL(/\/ui\/outbox\/\d+$/);
  await expect(page.locator('.outbox-headers')).toContainText(INVITEE);
  // The mail says where it stands in the same words as the list.
  await expect(page.locator('.outbox-headers')).toContainText('Zadržana (bez SMTP-a)');
  const link = page.getByTestId('mail-body').getByRole('link', { name: /\/ui\/login-email\/[a-z0-9]{64}/ });
  await expect(link).toBeVisible();
  const box = (await link.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await screenshot(page, 'outbox-mail-phone-hr');
  await expectNoSeriousAxe(page);

  // At the desk, in English.
  await page.setViewportSize({ width: 1366, height: 860 });
  await useLanguage(page, 'en');
  await expect(page.getByRole('link', { name: 'Outbox' }).first()).toBeVisible();
  await screenshot(page, 'outbox-mail-desktop-en');
  await expectNoSeriousAxe(page);
  await page.getByRole('link', { name: 'Outbox' }).last().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Outbox' })).toBeVisible();
  await expect(page.getByText('No mail server (SMTP) is configured')).toBeVisible();
  await expect(page.locator('.outbox-table tbody tr', { hasText: INVITEE }).first()).toContainText('Kept (no SMTP)');
  await screenshot(page, 'outbox-desktop-en');
  await expectNoSeriousAxe(page);

  // A number no mail has says so, in the user's language.
  await page.goto('/ui/outbox/2147483647');
  await expect(page.locator('.ui.error.message')).toHaveText('Mail 2147483647 is not in the outbox');
  await useLanguage(page, 'hr');
});

test('the lead cancels the invitation again, leaving the demo data as it was', async ({ page }) => {
  await loginAs(page, 'lead');
  await openPractical(page);
  const invite = page.getByTestId('pending-invites').locator(`[data-invite="${INVITEE}"]`);
  await invite.getByRole('button', { name: 'Otkaži' }).click();
  await page.getByRole('button', { name: 'Da', exact: true }).click();
  await expect(invite).toHaveCount(0);
});

test('the outbox is staff only', async ({ page }) => {
  await loginAs(page, 'lead');
  await page.goto('/ui/outbox');
  await expect(page.getByRole('heading', { level: 1, name: 'Izlazna pošta' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Izlazna pošta' })).toHaveCount(0);
});
