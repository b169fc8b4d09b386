import { expect, test, type Page } from '@playwright/test';
import { expectPath, expectToast, loginAs, screenshot } from './helpers/portal';
import { expectNoSeriousAxe } from './helpers/axe';

interface ProjectRow {
  identifier: string;
  name: string;
  state: { name: string };
  project_type: { name: string };
}

/** The grid's row count as its footer shows it. */
async function gridCount(page: Page): Promise<number> {
  return Number(await page.getByTestId('grid-count').getAttribute('data-count'));
}

async function expectCount(page: Page, count: number): Promise<void> {
  await expect(page.getByTestId('grid-count')).toHaveAttribute('data-count', String(count));
}

async function typeFilter(page: Page, key: string, text: string): Promise<void> {
  await page.locator(`[data-filter="${key}"] input`).fill(text);
}

async function pickFilter(page: Page, key: string, option: string): Promise<void> {
  await page.locator(`[data-filter="${key}"] .ui.dropdown`).click();
  const exact = new RegExp(`^${option.replace(/[()]/g, '\\$&')}$`);
  await page.locator(`[data-filter="${key}"] .menu .item`, { hasText: exact }).click();
}

async function allProjects(page: Page): Promise<ProjectRow[]> {
  const answer = await page.request.get('/api/v1/internal/projects/all');
  expect(answer.ok()).toBe(true);
  return (await answer.json()) as ProjectRow[];
}

/** Rows of the AG Grid body (the visible page). */
function gridRows(page: Page) {
  return page.locator('.schema-grid-view .ag-row');
}

test.describe('staff grids', () => {
  test('requests: each filter narrows the rows', async ({ page }) => {
    await loginAs(page, 'staff');
    await expectPath(page, '/ui/requests');
    const all = await allProjects(page);
    await expectCount(page, all.length);
    await expect(gridRows(page).first()).toBeVisible();
    await screenshot(page, 'staff-requests');

    await pickFilter(page, 'state', 'Odbijen');
    await expectCount(page, all.filter((p) => p.state.name === 'deny').length);
    await expect(page.getByRole('link', { name: 'Praktična nastava iz kolegija Računalna grafika' })).toBeVisible();
    await pickFilter(page, 'state', 'Svi');
    await expectCount(page, all.length);

    await typeFilter(page, 'search', 'MOLEKULARNA');
    await expectCount(page, 1);
    await expect(page.getByRole('link', { name: /Molekularna dinamika/ })).toBeVisible();
    await typeFilter(page, 'search', '');

    await typeFilter(page, 'lead', 'ivana blaž');
    await expectCount(page, 1);
    await expect(page.getByRole('link', { name: /Računalna kemija/ })).toBeVisible();
    await typeFilter(page, 'lead', '');

    await pickFilter(page, 'type', 'Istraživački (EU)');
    await expectCount(page, 1);
    await expect(page.getByRole('link', { name: /Regionalno modeliranje klime/ })).toBeVisible();
    await pickFilter(page, 'type', 'Svi');

    await typeFilter(page, 'date', 'no such date');
    await expect(page.getByText('Nijedan zahtjev ne zadovoljava pretragu')).toBeVisible();
    await typeFilter(page, 'date', '');
    await expectCount(page, all.length);
  });

  test('projects: only non-request states, and each filter narrows the rows', async ({ page }) => {
    // Eight filters, each waited for: about 30 s on a loaded two-core machine.
    test.setTimeout(90_000);
    const gridErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || message.text().includes('AG Grid')) gridErrors.push(message.text());
    });
    await loginAs(page, 'staff');
    await page.goto('/ui/projects');
    const all = await allProjects(page);
    const projects = all.filter((p) => !['submit', 'deny'].includes(p.state.name));
    await expectCount(page, projects.length);
    await screenshot(page, 'staff-projects');

    await pickFilter(page, 'state', 'Produljen');
    await expectCount(page, projects.filter((p) => p.state.name === 'extend').length);
    await pickFilter(page, 'state', 'Svi');

    await typeFilter(page, 'search', 'ip-2022-10');
    await expectCount(page, 1);
    await typeFilter(page, 'search', '');

    await page.locator('[data-filter="resources"] .ui.dropdown').click();
    await page.locator('[data-filter="resources"] .menu .item', { hasText: /^GPU$/ }).click();
    await page.keyboard.press('Escape');
    const withGpu = await gridCount(page);
    expect(withGpu).toBeGreaterThan(0);
    expect(withGpu).toBeLessThan(projects.length);
    await page.locator('[data-filter="resources"] .ui.dropdown > .delete.icon, [data-filter="resources"] a.ui.label .delete.icon').first().click();
    await expectCount(page, projects.length);

    await pickFilter(page, 'type', 'Nastava');
    await expectCount(page, projects.filter((p) => p.project_type.name === 'practical').length);
    await pickFilter(page, 'type', 'Svi');

    await typeFilter(page, 'people', 'jane doe');
    await expectCount(page, 1);
    await expect(page.getByRole('link', { name: /Regionalno modeliranje klime/ })).toBeVisible();
    await page.locator('.person-trigger', { hasText: 'Jane Doe' }).first().click();
    await expect(page.getByRole('dialog', { name: 'Jane Doe' })).toBeVisible();
    await expect(page.locator('.person-popover')).toContainText('jane.doe@uni-example.eu');
    await screenshot(page, 'staff-projects-person-popover');
    await expectNoSeriousAxe(page);
    await page.keyboard.press('Escape');
    await expect(page.locator('.person-popover')).toBeHidden();
    await typeFilter(page, 'people', '');

    await typeFilter(page, 'date', '.20');
    expect(await gridCount(page)).toBeGreaterThan(0);
    expect(gridErrors).toEqual([]);
  });

  test('users: filters, sorting by name and date joined, key column, toggle to inactive', async ({ page }) => {
    test.setTimeout(90_000);
    await loginAs(page, 'staff');
    await page.goto('/ui/users');
    const total = await gridCount(page);
    expect(total).toBeGreaterThan(3);
    await screenshot(page, 'staff-users');

    await typeFilter(page, 'searchName', 'ana horvat');
    await expectCount(page, 1);
    await expect(gridRows(page).first()).toContainText('ahorvat@fer.hr');
    await typeFilter(page, 'searchName', '');
    await typeFilter(page, 'searchInstitution', 'ruđer');
    await expectCount(page, 1);
    await typeFilter(page, 'searchInstitution', '');
    await typeFilter(page, 'searchEmail', 'IKOVACEVIC');
    await expectCount(page, 1);
    await typeFilter(page, 'searchEmail', '');
    await typeFilter(page, 'searchProject', 'IP-2022-10-1234');
    expect(await gridCount(page)).toBeGreaterThanOrEqual(3);
    await typeFilter(page, 'searchProject', '');
    await pickFilter(page, 'searchSSHKey', 'Da');
    const withKeys = await gridCount(page);
    await pickFilter(page, 'searchSSHKey', 'Ne');
    expect((await gridCount(page)) + withKeys).toBe(total);
    await pickFilter(page, 'searchSSHKey', 'Svi');

    // Row numbers count down; sorting by name counts up and orders by last name.
    await expect(gridRows(page).first().locator('.grid-row-number')).toHaveText(String(total));
    await page.locator('.ag-header-cell', { hasText: 'Ime i email' }).click();
    await expect(gridRows(page).first().locator('.grid-row-number')).toHaveText('1');
    const names = await page.locator('.schema-grid-view .ag-row .grid-user-name a').allTextContents();
    const lastNames = names.map((n) => n.trim().split(' ').slice(1).join(' '));
    expect(lastNames).toEqual([...lastNames].sort((a, b) => a.localeCompare(b, 'hr')));
    // Again: descending. Other tests may add users meanwhile, so the order is checked, not a name.
    await page.locator('.ag-header-cell', { hasText: 'Ime i email' }).click();
    await expect(page.locator('.ag-header-cell', { hasText: 'Ime i email' }).locator('.ag-sort-descending-icon:visible')).toHaveCount(1);
    await expect
      .poll(async () => {
        const desc = (await page.locator('.schema-grid-view .ag-row .grid-user-name a').allTextContents()).map((n) => n.trim().split(' ').slice(1).join(' '));
        return desc.length > 1 && desc.every((name, i) => i === 0 || desc[i - 1].localeCompare(name, 'hr') >= 0);
      })
      .toBe(true);
    await page.locator('.ag-header-cell', { hasText: 'Pridružen' }).click();
    await expect(page.locator('.ag-header-cell', { hasText: 'Ime i email' }).locator('.ag-sort-ascending-icon:visible, .ag-sort-descending-icon:visible')).toHaveCount(0);
    await screenshot(page, 'staff-users-sorted');

    await page.locator('.project-badge', { hasText: 'IP-2022-10-1234' }).first().click();
    await expect(page.locator('.project-popover')).toBeVisible();
    await expect(page.locator('.project-popover')).toContainText('IP-2022-10-1234');
    await page.keyboard.press('Escape');
    await expect(page.locator('.project-popover')).toBeHidden();

    await page.getByRole('button', { name: 'Neaktivni' }).click();
    await expectPath(page, '/ui/users/inactive');
    await expect(page.getByTestId('grid-count')).toBeVisible();
    await screenshot(page, 'staff-users-inactive');
  });

  test('user detail: projects, keys and personal data', async ({ page }) => {
    await loginAs(page, 'staff');
    await page.goto('/ui/users/lead');
    await expect(page.locator('.user-projects')).toContainText('IP-2022-10-1234');
    await expect(page.locator('.user-projects')).toContainText('voditelj');
    await expect(page.locator('.user-info')).toContainText('Ana Horvat');
    await expect(page.locator('.user-keys .ui.loader')).toHaveCount(0);
    await screenshot(page, 'staff-user-detail');
    const users = (await (await page.request.get('/api/v1/internal/active-users/')).json()) as { username: string; n_ssh_key: number }[];
    const keyless = users.find((u) => u.n_ssh_key === 0);
    // The demo data has active users without keys (the collaborators who never added one).
    expect(keyless).toBeDefined();
    await page.goto(`/ui/users/${encodeURIComponent(keyless!.username)}`);
    await expect(page.getByTestId('no-keys')).toHaveText('Korisnik nema javnih ključeva dodanih');
  });

  test('software: add, filter, sort and delete a modulefile', async ({ page }) => {
    await loginAs(page, 'staff');
    await page.goto('/ui/software');
    const before = await gridCount(page);
    await page.getByLabel('Modulefile').first().fill('e2e-tool/1.0');
    await page.getByRole('button', { name: 'Dodaj' }).click();
    await expectToast(page, 'success', 'Novi modulefile uspješno dodan');
    await expectCount(page, before + 1);
    await typeFilter(page, 'name', 'E2E-TOOL');
    await expectCount(page, 1);
    await screenshot(page, 'staff-software');
    await page.getByRole('button', { name: 'Izbriši' }).click();
    await page.getByRole('button', { name: 'Da', exact: true }).click();
    await expectToast(page, 'success', 'Modulefile uspješno izbrisan');
    await expect(page.getByText('Nijedna aplikacija ne zadovoljava pretragu')).toBeVisible();
  });
});

test.describe('processing', () => {
  test('approve needs a resource type; approving shows the project and tells the lead', async ({ page, browser }) => {
    // Two sessions and a deliberate 3 s wait for the toast that must stay: more than the default 30 s on a busy machine.
    test.setTimeout(60_000);
    await loginAs(page, 'staff');
    const request = (await allProjects(page)).find((p) => p.name.startsWith('Molekularna dinamika'))!;
    await page.goto('/ui/requests');
    await page.getByRole('link', { name: request.name }).click();
    await expectPath(page, `/ui/requests/${encodeURIComponent(request.identifier)}`);
    await expect(page.getByTestId('initial-state')).toContainText('Obrada');
    await expect(page.locator('.leader-block')).toContainText('ahorvat@fer.hr');
    await screenshot(page, 'processing-request');

    await page.locator('[data-state-option="approve"]').click();
    await expect(page.locator('#staff-resource-types')).toContainText('JUPYTER');
    await page.locator('#staff-resource-types .delete.icon').first().click();
    await page.getByRole('button', { name: 'Spremi' }).click();
    await expectToast(page, 'error', 'Pri odobravanju zahtjeva morate se izjasniti o dodijeljenom tipu resursa.');
    await page.waitForTimeout(3000);
    await expectToast(page, 'error', 'Pri odobravanju zahtjeva morate se izjasniti o dodijeljenom tipu resursa.');
    await expect(page.getByText('Obrada korisničkog zahtjeva')).toHaveCount(0);
    expect((await allProjects(page)).find((p) => p.identifier === request.identifier)!.state.name).toBe('submit');

    await page.locator('#staff-resource-types').click();
    await page.locator('#staff-resource-types .menu .item', { hasText: /^GPU$/ }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Spremi' }).click();
    await expect(page.getByText('Da li ste sigurni da želite mijenjati korisnički zahtjev?')).toBeVisible();
    await page.getByRole('button', { name: 'Da', exact: true }).click();
    await expectToast(page, 'success', 'Zahtjev je uspješno promijenjen');
    await expectPath(page, '/ui/requests');

    await page.goto('/ui/projects');
    await typeFilter(page, 'search', request.identifier);
    await expectCount(page, 1);

    const leadContext = await browser.newContext();
    const leadPage = await leadContext.newPage();
    await loginAs(leadPage, 'lead');
    const mine = (await (await leadPage.request.get('/api/v1/internal/projects/role/lead')).json()) as ProjectRow[];
    expect(mine.find((p) => p.identifier === request.identifier)!.state.name).toBe('approve');
    await leadContext.close();
  });

  test('deny needs a comment, then denies', async ({ page }) => {
    await loginAs(page, 'staff');
    const request = (await allProjects(page)).find((p) => p.state.name === 'submit' && p.project_type.name === 'thesis')!;
    await page.goto(`/ui/requests/${encodeURIComponent(request.identifier)}`);
    await page.locator('[data-state-option="deny"]').click();
    await expect(page.locator('#staff-email')).toBeChecked();
    await page.getByRole('button', { name: 'Spremi' }).click();
    await expectToast(page, 'error', 'Pri odbijanju zahtjeva morate se izjasniti o razlogu.');
    await page.locator('#staff-comment').fill('Grafički procesori su trenutačno popunjeni.');
    await page.getByRole('button', { name: 'Spremi' }).click();
    await page.getByRole('button', { name: 'Da', exact: true }).click();
    await expectToast(page, 'success', 'Zahtjev je uspješno promijenjen');
    await expectPath(page, '/ui/requests');
    expect((await allProjects(page)).find((p) => p.identifier === request.identifier)!.state.name).toBe('deny');
    await page.goto(`/ui/requests/${encodeURIComponent(request.identifier)}`);
    await expect(page.locator('.processing-header')).toContainText('Grafički procesori su trenutačno popunjeni.');
    // Who denied it is named; no empty "changed by" for a request that was never approved.
    await expect(page.locator('.processing-by')).toContainText('Marko Babić');
    await expect(page.locator('.processing-by')).not.toContainText('Promijenio');
    await screenshot(page, 'processing-denied');
  });

  test('delete a request after confirmation', async ({ page }) => {
    await loginAs(page, 'staff');
    const request = (await allProjects(page)).find((p) => p.name.includes('Računalna grafika'))!;
    await page.goto(`/ui/requests/${encodeURIComponent(request.identifier)}`);
    await page.getByRole('button', { name: 'Izbriši' }).click();
    await page.getByRole('button', { name: 'Da', exact: true }).click();
    await expectToast(page, 'success', 'uspješno obrisan');
    await expectPath(page, '/ui/requests');
    expect((await allProjects(page)).some((p) => p.identifier === request.identifier)).toBe(false);
  });

  test('a project opens in manage-project mode with its own state options', async ({ page }) => {
    await loginAs(page, 'staff');
    await page.goto('/ui/projects');
    // A project about to expire that no other test changes (the lead's own one gets an extension request).
    await page.getByRole('link', { name: /Računarstvo visokih performansi/ }).click();
    await expect(page.locator('[data-state-option]')).toHaveCount(2);
    await expect(page.getByRole('button', { name: 'Zatraži produljenje' })).toBeVisible();
    await screenshot(page, 'processing-project');
    // Science domains and fields are named in the interface's language.
    const domains = page.getByRole('row', { name: /Tehničke znanosti/ });
    await expect(domains).toContainText('Tehničke znanosti 100%: Računarstvo 100%');
    await page.getByRole('button', { name: 'EN', exact: true }).click();
    await expect(page.getByRole('row', { name: /Technical sciences 100%/ })).toContainText('Technical sciences 100%: Computing 100%');
  });
});
