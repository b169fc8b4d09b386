import { expect, test, type Page } from '@playwright/test';
import { expectToast, loginAs, screenshot } from './helpers/portal';
import { startMailPortal, type MailPortal } from './helpers/mail-portal';
import { expectNoSeriousAxe } from './helpers/axe';

/*
 * The project timeline on the lead's membership page and on the staff's processing screen,
 * against a portal of its own (the tests change a project: a sign-off and a staff edit).
 */
const port = Number(process.env.E2E_PORT ?? 8123) + 3;
const CLIMATE = 'Regionalno modeliranje klime Jadrana visoke razlučivosti';
const RENAMED = 'Regionalno modeliranje klime Jadrana (nova verzija)';

let portal: MailPortal;

test.describe.configure({ mode: 'serial' });
test.use({ baseURL: `http://127.0.0.1:${port}` });

test.beforeAll(async () => {
  test.setTimeout(150_000);
  portal = await startMailPortal(port);
});
test.afterAll(async () => {
  await portal?.stop();
});

/** At 390 px the timeline and its events fit the screen width (no sideways scrolling inside it). */
async function expectFitsPhone(page: Page): Promise<void> {
  const timeline = page.locator('[data-section="timeline"]');
  const box = (await timeline.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  expect(await timeline.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
}

async function identifierOf(page: Page, name: string): Promise<string> {
  const mine = (await (await page.request.get('/api/v1/internal/projects/')).json()) as { identifier: string; name: string }[];
  return mine.find((p) => p.name === name)!.identifier;
}

test('the lead sees the history on the membership page, with a sign-off as it happens', async ({ page }) => {
  await loginAs(page, 'lead');
  const identifier = await identifierOf(page, CLIMATE);
  await page.goto(`/ui/memberships/${encodeURIComponent(identifier)}`);
  const timeline = page.locator('[data-section="timeline"]');
  await expect(timeline.getByRole('heading', { name: 'Povijest projekta' })).toBeVisible();
  await expect(timeline.locator('[data-kind="submitted"]')).toContainText('Zahtjev podnesen');
  await expect(timeline.locator('[data-kind="approved"]')).toContainText('Odobreno');
  await expect(timeline.locator('[data-kind="memberJoined"]', { hasText: 'Tomislav Šarić' })).toBeVisible();

  await page.getByRole('checkbox', { name: /Tomislav Šarić/ }).check({ force: true });
  await page.getByRole('button', { name: 'Odjavi označene suradnike' }).click();
  await page.getByRole('button', { name: 'Da', exact: true }).click();
  await expectToast(page, 'success', 'Suradnici su uspješno odjavljeni');
  const left = timeline.locator('[data-kind="memberLeft"]');
  await expect(left).toContainText('Odjava člana: Tomislav Šarić');
  await expect(left).toContainText('Izvršio/la: Ana Horvat');
  await expect(timeline.locator('[data-kind="memberJoined"]', { hasText: 'Tomislav Šarić' })).toBeVisible();
  await expectNoSeriousAxe(page, '[data-section="timeline"]');
  await screenshot(page, 'timeline-membership');

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(left).toBeVisible();
  await expectFitsPhone(page);
  await screenshot(page, 'timeline-membership-390');
});

test('a collaborator does not see the history', async ({ page }) => {
  await loginAs(page, 'collab');
  const identifier = await identifierOf(page, CLIMATE);
  await page.goto(`/ui/memberships/${encodeURIComponent(identifier)}`);
  await expect(page.getByTestId('membership-card')).toContainText(CLIMATE);
  await expect(page.locator('[data-section="timeline"]')).toHaveCount(0);
});

test('staff see the history on the processing screen, with an edit and what it changed, in both languages', async ({ page }) => {
  await loginAs(page, 'staff');
  const all = (await (await page.request.get('/api/v1/internal/projects/all')).json()) as { identifier: string; name: string }[];
  const identifier = all.find((p) => p.name === CLIMATE)!.identifier;
  const session = (await (await page.request.get('/api/v1/sessionactive')).json()) as { csrftoken: string };
  const edit = await page.request.post(`/api/v1/internal/projects/${encodeURIComponent(identifier)}`, {
    data: { name: RENAMED },
    headers: { 'x-csrftoken': session.csrftoken },
  });
  expect(edit.status()).toBe(200);

  await page.goto(`/ui/projects/${encodeURIComponent(identifier)}`);
  const timeline = page.locator('[data-section="timeline"]');
  const change = timeline.locator('[data-kind="changed"]').last();
  await expect(change).toContainText(`Naziv: ${CLIMATE} → ${RENAMED}`);
  await expect(change).toContainText('Izvršio/la: Marko Babić');
  await expect(timeline.locator('[data-kind="memberLeft"]')).toContainText('Tomislav Šarić');
  await expectNoSeriousAxe(page, '[data-section="timeline"]');
  await screenshot(page, 'timeline-processing');

  await page.getByRole('button', { name: 'EN', exact: true }).click();
  await expect(timeline.getByRole('heading', { name: 'Project history' })).toBeVisible();
  await expect(change).toContainText(`Name: ${CLIMATE} → ${RENAMED}`);
  await expect(change).toContainText('By: Marko Babić');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(change).toBeVisible();
  await expectFitsPhone(page);
  await screenshot(page, 'timeline-processing-390-en');
});
