import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousAxe, useLanguage } from './helpers/axe';
import { loginAs, screenshot } from './helpers/portal';

/** The first hour at the desk: processing a request, moving between pages, the small words. */
interface ProjectRow {
  identifier: string;
  state: { name: string };
  resources_type: { value: string }[];
}

async function submittedRequest(page: Page): Promise<ProjectRow> {
  const projects = (await (await page.request.get('/api/v1/internal/projects/all')).json()) as ProjectRow[];
  return projects.find((p) => p.state.name === 'submit' && p.resources_type.length > 0 && !p.resources_type.some((r) => r.value === 'JUPYTER'))!;
}

const TEXT = {
  hr: {
    why: 'Komentar se upisuje samo pri odbijanju',
    requested: 'Zatraženo:',
    grant: 'Dodijeli kao zatraženo',
    defaulted: 'Upisan je zadani tip JUPYTER jer nijedan nije bio dodijeljen.',
    approveMail: 'Voditelj dobiva email: zahtjev odobren',
    denyMail: 'Voditelj dobiva email: zahtjev odbijen',
    noMail: 'Voditelju se ne šalje email.',
  },
  en: {
    why: 'A comment is kept only when denying',
    requested: 'Requested:',
    grant: 'Grant as requested',
    defaulted: 'The default type JUPYTER was filled in because none was granted.',
    approveMail: 'The lead receives an e-mail: request approved',
    denyMail: 'The lead receives an e-mail: request denied',
    noMail: 'No e-mail is sent to the lead.',
  },
} as const;

for (const lang of ['hr', 'en'] as const) {
  test(`processing says why the comment is closed, shows the requested types and what the lead gets [${lang}]`, async ({ page }) => {
    const text = TEXT[lang];
    await loginAs(page, 'staff');
    if (lang === 'en') await useLanguage(page, 'en');
    const request = await submittedRequest(page);
    const requested = request.resources_type.map((r) => r.value);
    await page.goto(`/ui/requests/${encodeURIComponent(request.identifier)}`);

    // Item 5: each state says what the lead will receive.
    await expect(page.locator('#target-state-approve-mail')).toContainText(text.approveMail);
    await expect(page.locator('#target-state-deny-mail')).toContainText(text.denyMail);
    await expect(page.locator('#target-state-expire-mail')).toHaveText(text.noMail);

    // Item 4: approving fills the default and says so; one click grants what was asked for.
    await page.locator('[data-state-option="approve"]').click();
    await expect(page.getByTestId('granted-default-note')).toHaveText(text.defaulted);
    await expect(page.getByTestId('requested-types')).toContainText(text.requested);
    for (const type of requested) await expect(page.getByTestId('requested-types')).toContainText(type);
    await page.getByRole('button', { name: text.grant }).click();
    await expect(page.locator('#staff-resource-types > .ui.label')).toHaveText(requested);
    await expect(page.getByTestId('granted-default-note')).toHaveCount(0);

    // Item 3: the comment box is really disabled while approving, and says why.
    await expect(page.locator('#staff-comment')).toBeDisabled();
    await expect(page.getByTestId('comment-disabled-why')).toContainText(text.why);
    await page.locator('[data-state-option="deny"]').click();
    await expect(page.locator('#staff-comment')).toBeEnabled();
    await expect(page.getByTestId('comment-disabled-why')).toHaveCount(0);
    await screenshot(page, `flow-processing-${lang}`);
    await expectNoSeriousAxe(page);
  });
}

test('every navigation starts at the top of the new page', async ({ page }) => {
  await loginAs(page, 'staff');
  const request = await submittedRequest(page);
  await page.goto(`/ui/requests/${encodeURIComponent(request.identifier)}`);
  await expect(page.locator('.processing-panel')).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
  await page.getByRole('navigation').getByRole('link', { name: 'Projekti' }).click();
  await expect(page).toHaveURL(/\/ui\/projects$/);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
});

test('the software page’s “Dodao” picker says “no results” in the page’s language', async ({ page }) => {
  await loginAs(page, 'staff');
  await page.goto('/ui/software');
  await page.locator('#new-module-person input.search').fill('zzzz-nobody');
  await expect(page.locator('#new-module-person .message')).toHaveText('Nema rezultata');
  await useLanguage(page, 'en');
  await page.locator('#new-module-person input.search').fill('zzzz-nobody-again');
  await expect(page.locator('#new-module-person .message')).toHaveText('No results');
});

test('the software list’s initial set reads as a list, not as a person, in both languages', async ({ page }) => {
  await loginAs(page, 'staff');
  await page.goto('/ui/software');
  const seeded = page.locator('.schema-grid-view .ag-row', { hasText: 'amber/22-cuda' });
  await expect(seeded).toContainText('Početni popis');
  await expect(page.getByText('Initial set')).toHaveCount(0);
  await useLanguage(page, 'en');
  await expect(seeded).toContainText('Initial list');
  await expectNoSeriousAxe(page);
});

test('confirmation questions read “Jeste li sigurni…”, the spec’s quoted logout text excepted', async ({ page }) => {
  await loginAs(page, 'lead');
  await page.goto('/ui/public-keys');
  await page.locator('tr[data-key-name="laptop"]').getByRole('button', { name: 'Izbriši' }).click();
  await expect(page.getByText('Jeste li sigurni da želite izbrisati javni ključ laptop?')).toBeVisible();
  await page.getByRole('button', { name: 'Ne', exact: true }).click();
  await page.getByRole('button', { name: 'Odjava' }).click();
  await expect(page.getByText('Da li ste sigurni da se želite odjaviti?')).toBeVisible();
});

test('a user in no project lands on my requests, which shows the way to the cluster', async ({ page }) => {
  await loginAs(page, 'newbie');
  await expect(page).toHaveURL(/\/ui\/my-requests$/);
  const steps = page.getByTestId('first-steps');
  await expect(steps.getByRole('heading', { name: 'Kako do računanja' })).toBeVisible();
  await expect(steps.locator('li')).toHaveCount(4);
  await expect(steps.locator('li[data-step="key"]')).toContainText('javni SSH ključ');
  await expectNoSeriousAxe(page);
  await steps.getByRole('button', { name: 'Podnesite prvi zahtjev' }).click();
  await expect(page).toHaveURL(/\/ui\/new-request$/);
  // The type that takes no requests says so in the list.
  await page.locator('#request-type').click();
  await expect(page.locator('#request-type .menu .item', { hasText: 'Izrada rada' })).toContainText('trenutačno se ne podnosi');
});

test('a foreign researcher sees the whole form disabled, not only its button', async ({ page }) => {
  await loginAs(page, 'foreign');
  await page.goto('/ui/new-request/practical-class');
  await expect(page.getByTestId('request-type-block')).toBeVisible();
  await expect(page.locator('#root_name')).toBeDisabled();
  await expect(page.locator('#root_reason')).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Podnesi zahtjev' })).toBeDisabled();
});

for (const lang of ['hr', 'en'] as const) {
  test(`an invitation link opened while signed out is announced on the login page [${lang}]`, async ({ page }) => {
    await page.goto(`/ui/login-email/${'e2einvitationnotice'.padEnd(64, '0')}${lang === 'en' ? '/en' : ''}`);
    await expect(page).toHaveURL(/\/ui\/login$/);
    const notice = page.getByTestId('login-invitation');
    await expect(notice).toContainText(lang === 'hr' ? 'Čeka vas pozivnica na projekt' : 'An invitation to a project is waiting for you');
    await expectNoSeriousAxe(page, 'body');
  });
}
