import { expect, test, type Page } from '@playwright/test';
import { expectPath, expectToast, loginAs, screenshot } from './helpers/portal';

// Names unique per run, so a reused server (E2E_REUSE_SERVER) does not clash with an earlier run.
const run = Date.now().toString(36);
const FIELD = 'root_science_field';

/** Picks an option of a semantic dropdown by its visible text. */
async function pick(page: Page, dropdownId: string, option: string): Promise<void> {
  const dropdown = page.locator(`[id="${dropdownId}"]`);
  await dropdown.click();
  await dropdown.locator('.menu .item', { hasText: option }).first().click();
}

/** Chooses a request type in the chooser and continues. */
async function chooseRequestType(page: Page, label: string): Promise<void> {
  await page.goto('/ui/new-request');
  await pick(page, 'request-type', label);
  await page.getByRole('button', { name: /^(Nastavi|Continue)$/ }).click();
}

/** Fills domain `d` and its field `f` with their shares. */
async function fillScience(page: Page, d: number, domain: string | null, domainPercent: number | null, f: number, field: string, fieldPercent: number) {
  if (domain) await pick(page, `${FIELD}-${d}-domain`, domain);
  if (domainPercent !== null) await page.locator(`[id="${FIELD}-${d}-percent"]`).fill(String(domainPercent));
  await pick(page, `${FIELD}-${d}-field-${f}`, field);
  await page.locator(`[id="${FIELD}-${d}-field-${f}-percent"]`).fill(String(fieldPercent));
}

/** Fills the common part of a general request form. */
async function fillGeneral(page: Page, name: string, dates?: { start: string; end: string }, science = ['Prirodne znanosti', 'Fizika']) {
  await page.locator('#root_name').fill(name);
  await page.locator('#root_reason').fill('Obrazloženje zahtjeva za potrebe testiranja.');
  if (dates) {
    await page.locator('#root_date_start').fill(dates.start);
    await page.locator('#root_date_end').fill(dates.end);
  }
  await fillScience(page, 0, science[0], 100, 0, science[1], 100);
}

const submit = (page: Page) => page.getByRole('button', { name: /^(Podnesi zahtjev|Submit request)$/ }).click();

test.describe.configure({ mode: 'serial' });

test('the chooser asks for a type and explains the thesis type', async ({ page }) => {
  await loginAs(page, 'lead');
  await page.goto('/ui/new-request');
  await page.getByRole('button', { name: 'Nastavi' }).click();
  await expect(page.getByText('Morate odabrati jedan tip zahtjeva da biste nastavili')).toBeVisible();
  await expect(page.locator('#request-type .menu .item', { hasText: 'Interni projekt' })).toHaveCount(0);
  await pick(page, 'request-type', 'Izrada rada');
  await expectToast(page, 'info', /podnosi mentor/);
  await screenshot(page, 'requests-chooser');
  await page.getByRole('button', { name: 'Nastavi' }).click();
  await expectPath(page, '/ui/new-request/thesis-project');
  await expect(page.getByText('Ovaj tip zahtjeva za sada nije moguće podnijeti.')).toBeVisible();
  await expect(page.locator('#root_name')).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Podnesi zahtjev' })).toHaveCount(0);
});

test('foreign researchers cannot continue', async ({ page }) => {
  await loginAs(page, 'foreign');
  await page.goto('/ui/new-request');
  await expect(page.getByText('Strani istraživači za sada nemaju mogućnost podnošenja zahtjeva')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Nastavi' })).toBeDisabled();
});

test('each validation rule of a request form shows its message in place', async ({ page }) => {
  await loginAs(page, 'lead');
  await chooseRequestType(page, 'Praktična nastava');
  await expectPath(page, '/ui/new-request/practical-class');
  await fillGeneral(page, `Validacija ${run}`, { start: '01.08.2026', end: '01.07.2026' });
  await page.locator(`[id="${FIELD}-0-percent"]`).fill('90');
  await page.getByRole('button', { name: 'Dodaj znanstveno polje' }).click();
  await fillScience(page, 0, null, null, 1, 'Fizika', 0);
  await expect(page.getByText('0-100').first()).toBeVisible();
  await page.locator('#root_resources_numbers-HPCnSlotsCPU').fill('6657');
  await submit(page);

  await expectToast(page, 'error', 'Zahtjev nije bilo moguće podnijeti - validacija znanstvenih područja i polja neuspješna');
  await expect(page.getByText('Udjeli znanstvenih područja zajedno moraju biti 100%.')).toBeVisible();
  await expect(page.getByText('Neka znanstvena polja se pojavljuju više puta.')).toBeVisible();
  await expect(page.getByText('Broj ne može biti veći od 6656')).toBeVisible();
  await expect(page.getByText('Zahtjev nije bilo moguće podnijeti - validacija datuma neuspješna', { exact: true }).first()).toBeVisible();
  await screenshot(page, 'requests-validation');

  // With the science fixed, the remaining date failure raises the date toast.
  await page.locator(`[id="${FIELD}-0-percent"]`).fill('100');
  await page.locator(`[data-testid="domain-0-field-1"] button`).click();
  await page.locator('#root_resources_numbers-HPCnSlotsCPU').fill('');
  await submit(page);
  await expectToast(page, 'error', 'Zahtjev nije bilo moguće podnijeti - validacija datuma neuspješna');
});

test('a lead files a practical-class request and finds it in my requests', async ({ page }) => {
  const name = `Praktikum ${run}`;
  await loginAs(page, 'lead');
  await chooseRequestType(page, 'Praktična nastava');
  await fillGeneral(page, name, { start: '01.03.2026', end: '30.06.2026' });
  await pick(page, 'root_resources_type', 'CPU');
  await page.locator('#root_resources_numbers-HPCnSlotsCPU').fill('64');
  await screenshot(page, 'requests-practical-form');
  await submit(page);
  await expectToast(page, 'success', 'Zahtjev je uspješno podnesen');
  await expectPath(page, '/ui/my-requests');
  await expect(page.getByRole('link', { name })).toBeVisible();
  await screenshot(page, 'requests-my-requests');
});

// Runs before the newcomer files an institutional request: after that the check denies newbie a second one.
test('an empty institutional form says to fill the starred fields, the derived end date keeps its star, text areas use the page font', async ({ page }) => {
  await loginAs(page, 'newbie');
  await chooseRequestType(page, 'Institucijski projekt');
  await expectPath(page, '/ui/new-request/institutional-project');
  // The end date follows the start (read-only) and is still required: its label is starred.
  const endLabel = page.locator('label[for="root_date_end"]');
  await expect(endLabel).toHaveClass(/\brequired\b/);
  expect(await endLabel.evaluate((el) => getComputedStyle(el, '::after').content)).toContain('*');
  const fonts = await page.evaluate(() => ({
    body: getComputedStyle(document.body).fontFamily,
    textarea: getComputedStyle(document.querySelector('#root_reason')!).fontFamily,
  }));
  expect(fonts.textarea).toBe(fonts.body);
  await submit(page);
  // Not the science toast alone: the empty required fields are what is wrong first.
  await expectToast(page, 'error', 'Zahtjev nije bilo moguće podnijeti - ispunite obvezna polja označena zvjezdicom');
  await expectPath(page, '/ui/new-request/institutional-project');
});

test('a newcomer files an institutional request whose end follows the start by one year', async ({ page }) => {
  await loginAs(page, 'newbie');
  await chooseRequestType(page, 'Institucijski projekt');
  await expectPath(page, '/ui/new-request/institutional-project');
  await page.locator('#root_name').fill(`Institucijski ${run}`);
  await page.locator('#root_reason').fill('Računalne simulacije u okviru rada zavoda.');
  // The end follows the start by a year and must stay within the date ceiling (1 Feb 2027).
  await page.locator('#root_date_start').fill('15.01.2026');
  await expect(page.locator('#root_date_end')).toHaveValue('15.01.2027');
  await fillScience(page, 0, 'Tehničke znanosti', 100, 0, 'Računarstvo', 100);
  await screenshot(page, 'requests-institutional-form');
  await submit(page);
  await expectToast(page, 'success', 'Zahtjev je uspješno podnesen');
  await expectPath(page, '/ui/my-requests');
  await expect(page.getByRole('link', { name: `Institucijski ${run}` })).toBeVisible();
});

for (const [label, slug] of [['Interni projekt', 'internal-project'], ['Radionica', 'workshop']] as const) {
  test(`staff file a ${slug} request`, async ({ page }) => {
    await loginAs(page, 'staff');
    await chooseRequestType(page, label);
    await expect(page).toHaveURL(new RegExp(`/ui/new-request/[a-z-]*${slug}$`));
    await fillGeneral(page, `${label} ${run}`, { start: '01.04.2026', end: '01.10.2026' });
    await pick(page, 'root_resources_type', 'PENKALA');
    await submit(page);
    await expectToast(page, 'success', 'Zahtjev je uspješno podnesen');
    await expectPath(page, '/ui/my-requests');
    await expect(page.getByRole('link', { name: `${label} ${run}` })).toBeVisible();
  });
}

test('a lead files a research request from a registry card', async ({ page }) => {
  await loginAs(page, 'lead');
  await chooseRequestType(page, 'Istraživački projekt');
  await expectPath(page, '/ui/new-request/research-project');
  await expect(page.locator('.registry-card .submitted-badge').first()).toBeVisible();
  const select = page.getByRole('button', { name: 'Odaberi' });
  await expect(select.first()).toBeVisible();
  await screenshot(page, 'requests-registry-cards');
  const card = page.locator('.registry-card').filter({ has: select }).first();
  const title = (await card.locator('.header').first().innerText()).trim();
  await card.getByRole('button', { name: 'Odaberi' }).click();
  await expect(page).toHaveURL(/\/ui\/new-request\/research-project\/\d+$/);
  await expect(page.locator('#root_croris_title')).toHaveValue(title);
  await page.locator('#root_reason').fill('Simulacije za potrebe istraživačkog projekta.');
  await fillScience(page, 0, 'Prirodne znanosti', 100, 0, 'Fizika', 100);
  await screenshot(page, 'requests-research-form');
  await submit(page);
  await expectToast(page, 'success', 'Zahtjev temeljem istraživačkog projekta je uspješno podnesen');
  await expectPath(page, '/ui/my-requests');
  await expect(page.getByRole('link', { name: title }).first()).toBeVisible();
});

test('a lead asks for an extension of a project about to expire', async ({ page }) => {
  await loginAs(page, 'lead');
  await page.goto('/ui/my-requests');
  const row = page.locator('tr', { has: page.locator('[data-state="approve-expire"]') }).first();
  await row.getByRole('button', { name: 'Zatraži produljenje' }).click();
  await expect(page).toHaveURL(/\/ui\/my-requests\/extend\//);
  const modal = page.locator('.extension-modal');
  // The allowed range is shown up front, before any wrong date.
  await expect(modal.getByTestId('extension-date-range')).toHaveText(/^Dopušteni datumi: od \d{2}\.\d{2}\.\d{4} do \d{2}\.\d{2}\.\d{4}\.$/);
  await modal.getByRole('button', { name: 'Pošalji zahtjev' }).click();
  await expect(modal.getByText('Obvezno')).toHaveCount(2);
  // The date is typed as dd.mm.yyyy like every other date of the portal, not a native date field.
  const dateInput = modal.locator('#extension-date');
  await expect(dateInput).toHaveAttribute('type', 'text');
  await expect(dateInput).toHaveAttribute('placeholder', 'dd.mm.gggg');
  const max = await modal.locator('[data-max]').first().getAttribute('data-max');
  expect(max).toMatch(/^\d{2}\.\d{2}\.\d{4}$/);
  await dateInput.fill(max!);
  await modal.locator('#extension-reason').fill('Potrebno je još nekoliko mjeseci za završetak simulacija.');
  await screenshot(page, 'requests-extension-modal');
  await modal.getByRole('button', { name: 'Pošalji zahtjev' }).click();
  // One message: the success, never the "only for a project about to expire" warning with it.
  await expect(modal.getByTestId('extension-done')).toHaveText('Zahtjev je uspješno podnesen');
  await expect(modal.getByText('Produljenje je moguće zatražiti samo za projekt koji uskoro istječe.')).toHaveCount(0);
  await expectToast(page, 'success', 'Zahtjev je uspješno podnesen');
  await expect(modal).toBeHidden({ timeout: 5_000 });
  await expectPath(page, '/ui/my-requests');
  await expect(page.locator('[data-state="submit-extend"]').first()).toBeVisible();
});

test('validation messages are in English when the language is en', async ({ page }) => {
  await loginAs(page, 'lead');
  await page.getByRole('button', { name: 'EN', exact: true }).click();
  await chooseRequestType(page, 'Practical class');
  await fillGeneral(page, `English ${run}`, { start: '01.03.2026', end: '01.07.2026' }, ['Natural sciences', 'Physics']);
  await page.locator(`[id="${FIELD}-0-percent"]`).fill('90');
  await page.locator('#root_resources_numbers-HPCnSlotsCPU').fill('6657');
  await submit(page);
  await expectToast(page, 'error', 'The request could not be submitted - scientific domain and field validation failed');
  await expect(page.getByText('The number cannot be greater than 6656')).toBeVisible();
  await expect(page.getByText('Scientific domain shares must total 100%.')).toBeVisible();
  await screenshot(page, 'requests-validation-en');
});
