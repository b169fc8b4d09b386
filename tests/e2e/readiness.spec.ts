import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { DEMO_PEOPLE, DEMO_PROJECTS, DEMO_SSH_KEYS } from '../../src/server/demo/demo-data';
import { expectToast, loginAs, screenshot } from './helpers/portal';
import { startMailPortal, type MailPortal } from './helpers/mail-portal';
import { expectNoSeriousAxe } from './helpers/axe';

/** What this feature adds to a page: axe looks there (the pages' older parts are their own tests' concern). */
const READINESS = '[data-testid="readiness"]';

/** ml-materials: lead and collab have keys, mnovak has none, lmaric's invitation is a day old. */
const PROJECT = 'IP-2022-10-1234';

/**
 * What this feature adds fits the phone's width and needs no sideways scroll of its own. (The
 * membership page's members table and the my-requests table are older, unstackable tables that
 * are wider than 390 px by themselves; they are not this feature's to change.)
 */
async function expectNoSidewaysScroll(page: Page, part = '[data-testid="readiness"]'): Promise<void> {
  const boxes = await page.locator(part).evaluateAll((nodes) =>
    nodes.map((n) => ({ right: n.getBoundingClientRect().right, overflow: n.scrollWidth - n.clientWidth, width: window.innerWidth })),
  );
  expect(boxes.length).toBeGreaterThan(0);
  for (const box of boxes) {
    expect(box.overflow).toBeLessThanOrEqual(1);
    expect(box.right).toBeLessThanOrEqual(box.width + 1);
  }
}

const row = (page: Page, who: string) => page.getByTestId('readiness').locator(`tr[data-readiness="${who}"]`);

test.describe('member readiness', () => {
  test('the lead sees a member without a key, an unanswered invitation and a ready member, in hr and en, at 390 px', async ({ page }) => {
    test.setTimeout(60_000);
    await loginAs(page, 'lead');
    await page.goto(`/ui/memberships/${encodeURIComponent(PROJECT)}`);
    const noKey = row(page, 'mnovak@irb.hr');
    await expect(noKey).toHaveAttribute('data-step', 'no-ssh-key');
    await expect(noKey.locator('[data-cell="key"]')).toHaveText('nema');
    await expect(noKey.locator('[data-cell="next"]')).toContainText('Još nema SSH ključ');
    const invite = row(page, 'lmaric@fer.hr');
    await expect(invite).toHaveAttribute('data-step', 'invite-unanswered');
    await expect(invite.locator('[data-cell="next"]')).toContainText(/Pozivnica bez odgovora \d+ d\./);
    await expect(invite.getByRole('button', { name: 'Pošalji ponovno pozivnicu za lmaric@fer.hr' })).toBeVisible();
    const ready = row(page, 'collab');
    await expect(ready).toHaveAttribute('data-step', 'ready');
    await expect(ready.locator('[data-cell="key"]')).toHaveText('1 ključ(a)');
    await expect(ready.locator('[data-cell="next"]')).toHaveText('Spreman/na za računanje');
    await expect(ready.locator('[data-cell="next"]').getByRole('button')).toHaveCount(0);
    await expectNoSeriousAxe(page, READINESS);
    await screenshot(page, 'readiness-membership-hr');

    await page.getByRole('button', { name: 'EN', exact: true }).click();
    await expect(noKey.locator('[data-cell="next"]')).toContainText('No SSH key yet');
    await expect(invite.locator('[data-cell="next"]')).toContainText(/Invitation unanswered for \d+ d/);
    await expect(ready.locator('[data-cell="next"]')).toHaveText('Ready to compute');
    await expectNoSeriousAxe(page, READINESS);

    await page.setViewportSize({ width: 390, height: 844 });
    await expect(noKey).toBeVisible();
    await expectNoSidewaysScroll(page);
    await screenshot(page, 'readiness-membership-390-en');
    await page.getByRole('button', { name: 'HR', exact: true }).click();
    await expect(noKey.locator('[data-cell="next"]')).toContainText('Još nema SSH ključ');
    await expectNoSidewaysScroll(page);
  });

  test('the lead’s my-requests row warns about members who cannot compute yet', async ({ page }) => {
    await loginAs(page, 'lead');
    await page.goto('/ui/my-requests');
    const warning = page.getByTestId(`my-request-${PROJECT}`).getByTestId('readiness-warning');
    await expect(warning).toContainText('Članova koji još ne mogu računati: 1');
    const part = '[data-testid="readiness-warning"]';
    // A request (not active) gets no warning.
    const request = DEMO_PROJECTS.find((p) => p.key === 'protein-md')!;
    await expect(page.getByTestId(`my-request-${request.code}`).getByTestId('readiness-warning')).toHaveCount(0);
    await expectNoSeriousAxe(page, part);
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(warning).toBeVisible();
    await expectNoSidewaysScroll(page, part);
    await page.getByRole('button', { name: 'EN', exact: true }).click();
    await expect(warning).toContainText('Members who cannot compute yet: 1');
    await expectNoSeriousAxe(page, part);
    await warning.getByRole('link').click();
    await expect(row(page, 'mnovak@irb.hr')).toHaveAttribute('data-step', 'no-ssh-key');
  });

  test('staff see readiness on the processing screen', async ({ page }) => {
    await loginAs(page, 'staff');
    await page.goto(`/ui/projects/${encodeURIComponent(PROJECT)}`);
    // The processing screen asks for a good deal at once; under a loaded CI machine the section's
    // answer has come after the assertion's 7.5 s.
    await expect(page.getByTestId('readiness').locator('.ui.active.loader')).toHaveCount(0, { timeout: 20_000 });
    await expect(row(page, 'mnovak@irb.hr')).toHaveAttribute('data-step', 'no-ssh-key');
    await expect(row(page, 'lead')).toHaveAttribute('data-step', 'ready');
    await expect(row(page, 'lmaric@fer.hr').getByRole('button', { name: /Pošalji ponovno/ })).toBeVisible();
    await expectNoSeriousAxe(page, READINESS);
    await page.getByRole('button', { name: 'EN', exact: true }).click();
    await expect(row(page, 'lead').locator('[data-cell="next"]')).toHaveText('Ready to compute');
    await expectNoSeriousAxe(page, READINESS);
  });

  test('the staff filter finds exactly the members without a key on active projects', async ({ page }) => {
    // Expected from the demo data itself: members of projects in an active state, minus key holders.
    const states = JSON.parse(readFileSync(path.join(__dirname, '..', '..', 'schemas', 'rules', 'states.json'), 'utf8')) as {
      oneOf: { const: string; isActive?: boolean }[];
    };
    const active = new Set(states.oneOf.filter((s) => s.isActive).map((s) => s.const));
    const withKeys = new Set(DEMO_SSH_KEYS.map((k) => k.username));
    const expected = new Set(
      DEMO_PROJECTS.filter((p) => active.has(p.state))
        .flatMap((p) => [p.lead, ...p.collaborators])
        .filter((u) => !withKeys.has(u)),
    );
    const names = [...expected].map((u) => {
      const person = DEMO_PEOPLE.find((p) => p.username === u)!;
      return `${person.first_name} ${person.last_name}`;
    });
    expect(names.length).toBeGreaterThan(3);

    await loginAs(page, 'staff');
    await page.goto('/ui/users');
    const rows = page.locator('.schema-grid-view .ag-row');
    await expect(rows.first()).toBeVisible();
    await page.getByTestId('readiness-filter').click();
    await expect(page).toHaveURL(/readiness=no-key-active/);
    await expect(rows).toHaveCount(names.length);
    const shown = (await page.locator('.schema-grid-view .ag-row .grid-user-name a').allTextContents()).map((n) => n.trim());
    expect(shown.sort()).toEqual(names.sort());
    await expectNoSeriousAxe(page, '.users-toolbar');
    await page.getByTestId('readiness-filter').click();
    await expect(page).not.toHaveURL(/readiness=/);
    await expect.poll(async () => rows.count()).toBeGreaterThan(names.length);
  });
});

test.describe('re-sending an invitation', () => {
  const mailPort = Number(process.env.E2E_PORT ?? 8123) + 5;
  let portal: MailPortal;
  test.use({ baseURL: `http://127.0.0.1:${mailPort}` });
  test.beforeAll(async () => {
    test.setTimeout(150_000);
    portal = await startMailPortal(mailPort);
  });
  test.afterAll(async () => {
    await portal?.stop();
  });

  test('re-sending an unanswered invitation mails it once', async ({ page }) => {
    test.setTimeout(60_000);
    await loginAs(page, 'lead');
    await page.goto(`/ui/memberships/${encodeURIComponent(PROJECT)}`);
    const invite = row(page, 'lmaric@fer.hr');
    await expect(invite).toHaveAttribute('data-step', 'invite-unanswered');
    await invite.getByRole('button', { name: 'Pošalji ponovno pozivnicu za lmaric@fer.hr' }).click();
    await expectToast(page, 'success', 'Pozivnica je ponovno poslana na lmaric@fer.hr');
    const mail = await portal.sink.waitFor((m) => m.recipients.includes('lmaric@fer.hr'), 20_000);
    expect(mail.body).toContain('/ui/login-email/');
    // Now freshly sent: waiting, no button, and marked as sent again.
    await expect(invite).toHaveAttribute('data-step', 'invite-pending');
    await expect(invite).toContainText('ponovno poslano');
    await expect(invite.getByRole('button')).toHaveCount(0);
    // The outbox sends it once: nothing more arrives for that address.
    await page.waitForTimeout(3000);
    expect(portal.sink.messages.filter((m) => m.recipients.includes('lmaric@fer.hr'))).toHaveLength(1);
  });
});
