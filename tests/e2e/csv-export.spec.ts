import { expect, test, type Page } from '@playwright/test';
import { downloadCsv } from './helpers/csv-download';
import { loginAs } from './helpers/portal';

/*
 * CSV exports read back from the downloaded file: a staff grid exports exactly the rows its
 * filters leave with the visible columns, the user's own lists export their rows; every file is
 * UTF-8 with a BOM and its headers follow the interface language.
 */
interface ProjectRow {
  identifier: string;
  name: string;
  state: { name: string };
  project_type: { name: string };
}

async function getJson<T>(page: Page, url: string): Promise<T> {
  const answer = await page.request.get(url);
  expect(answer.ok()).toBe(true);
  return (await answer.json()) as T;
}

async function pickFilter(page: Page, key: string, option: string): Promise<void> {
  await page.locator(`[data-filter="${key}"] .ui.dropdown`).click();
  await page.locator(`[data-filter="${key}"] .menu .item`, { hasText: new RegExp(`^${option}$`) }).click();
}

test('a filtered staff grid exports the rows it shows, with its visible columns, in the interface language', async ({ page }) => {
  await loginAs(page, 'staff');
  await page.goto('/ui/projects');
  const practical = (await getJson<ProjectRow[]>(page, '/api/v1/internal/projects/all')).filter(
    (p) => !['submit', 'deny'].includes(p.state.name) && p.project_type.name === 'practical',
  );
  expect(practical.length).toBeGreaterThan(0);
  await pickFilter(page, 'type', 'Nastava');
  await expect(page.getByTestId('grid-count')).toHaveAttribute('data-count', String(practical.length));

  const csv = await downloadCsv(page, page.getByRole('button', { name: 'Izvoz CSV' }));
  expect(csv.fileName).toBe('projects.csv');
  expect(csv.bom).toBe(true);
  expect(csv.header).toEqual(['#', 'Stanje', 'Projekt', 'Tip', 'Trajanje', 'Potrošeno (%)', 'Istek sati', 'Osobe']);
  expect(csv.rows).toHaveLength(practical.length);
  const project = csv.header.indexOf('Projekt');
  expect(csv.rows.map((r) => r[project].split(' / ').at(-1)).sort()).toEqual(practical.map((p) => p.identifier).sort());
  // Values with labels are written as the interface shows them.
  expect(csv.rows.map((r) => r[csv.header.indexOf('Tip')])).toEqual(practical.map(() => 'Nastava'));
  expect(csv.rows.map((r) => r[csv.header.indexOf('Stanje')]).every((s) => !/^[a-z-]+$/.test(s))).toBe(true);
  // Croatian letters survive: the names are written as they are.
  expect(csv.rows.map((r) => r[project].split(' / ')[0]).sort()).toEqual(practical.map((p) => p.name).sort());

  await page.getByRole('button', { name: 'EN', exact: true }).click();
  const english = await downloadCsv(page, page.getByRole('button', { name: 'Export CSV' }));
  expect(english.header).toEqual(['#', 'State', 'Project', 'Type', 'Duration', 'Used (%)', 'Runs out', 'People']);
  expect(english.rows).toHaveLength(practical.length);
  expect(english.rows.map((r) => r[english.header.indexOf('Type')])).toEqual(practical.map(() => 'Practical class'));
});

test("the user's own lists export their rows: my requests, memberships, public keys", async ({ page }) => {
  await loginAs(page, 'lead');
  const led = await getJson<ProjectRow[]>(page, '/api/v1/internal/projects/role/lead');
  await page.goto('/ui/my-requests');
  await expect(page.getByTestId(`my-request-${led[0].identifier}`)).toBeVisible();
  const requests = await downloadCsv(page, page.getByTestId('csv-export'));
  expect(requests.bom).toBe(true);
  expect(requests.header).toEqual(['Stanje', 'Podnesen', 'Naziv i dodijeljeni resursi', 'Šifra', 'Tip', 'Trajanje']);
  expect(requests.rows.map((r) => r[3])).toEqual(led.map((p) => p.identifier));

  await page.goto('/ui/memberships');
  await expect(page.getByTestId('memberships-table').locator('[data-project]').first()).toBeVisible();
  const shown = await page.getByTestId('memberships-table').locator('[data-project]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-project')));
  expect(shown.length).toBeGreaterThan(0);
  const memberships = await downloadCsv(page, page.getByTestId('csv-export'));
  expect(memberships.bom).toBe(true);
  expect(memberships.rows.map((r) => r[2])).toEqual(shown);

  await page.goto('/ui/public-keys');
  const keys = await getJson<{ name: string; fingerprint_sha256: string }[]>(page, '/api/v1/internal/keys/');
  await expect(page.locator('[data-key-name]')).toHaveCount(keys.length);
  const exported = await downloadCsv(page, page.getByTestId('csv-export'));
  expect(exported.bom).toBe(true);
  // The fingerprint as the page shows it and `ssh-keygen -l` prints it (SHA256).
  expect(exported.rows.map((r) => [r[0], r[1]])).toEqual(keys.map((k) => [k.name, k.fingerprint_sha256]));
});
