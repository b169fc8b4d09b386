import { expect, test } from '@playwright/test';
import { useSchemaCopyPortal } from './helpers/schema-copy-portal';
import { expectPath, loginAs, logout } from './helpers/portal';
import { bothWidths, draftWithEditedFile, PHONE_WIDTH, servedMaximum } from './helpers/rules-editor';

/*
 * The rules in staff's hands, on a portal of this file's own (a copy of schemas/): a staff member
 * who is not an editor sees no edit control and the editing routes answer 403; a superuser starts
 * a draft, a maximum below the minimum is refused at that field and cannot be published, the raised
 * HPCnSlotsCPU maximum passes, is published and served; undo on the rules page restores the old
 * value. Beside the draft, the preview draws a request form with it (the raised maximum accepted,
 * one above it refused with the user's message), and says so when the draft makes no form. A draft
 * removing a request type lists its projects and their open invitations, linked. The editor is
 * axe-clean in Croatian and English at 1366 and 390 px. What staff change in the sections' forms
 * (domains, fields, grid columns) and the grid preview: rules-editor-structure.spec.ts.
 */
useSchemaCopyPortal(9);
const MAXIMUM = '#rules-editor-resource-limits-json_HPCnSlotsCPU_maximum';
/** The CPU cores of the request form in the preview. */
const PREVIEW_CORES = '#rules-preview_resources_numbers-HPCnSlotsCPU';

test('a staff member who is not an editor reads the rules but has no edit control, and the editing routes refuse them', async ({ page }, testInfo) => {
  test.setTimeout(90_000);
  await loginAs(page, 'staff');
  await page.goto('/ui/rules');
  await expect(page.getByRole('heading', { level: 1, name: 'Pravila' })).toBeVisible();
  await expect(page.locator('.rules-history-entry').first()).toBeVisible();
  await expect(page.getByTestId('rules-edit-link')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Ponovno stavi ovaj skup u upotrebu' })).toHaveCount(0);
  await page.goto('/ui/rules/edit');
  await expect(page.getByText('Pravila možete čitati, ali ih mijenjaju samo njihovi urednici.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Započni nacrt iz pravila u upotrebi' })).toHaveCount(0);
  await bothWidths(page, testInfo, 'rules-edit-read-only');

  const csrf = (await (await page.request.get('/api/v1/sessionactive')).json()).csrftoken as string;
  const refused = await page.request.post('/api/v1/internal/rule-drafts/', { headers: { 'x-csrftoken': csrf, 'accept-language': 'hr' }, data: {} });
  expect(refused.status()).toBe(403);
  expect((await refused.json()).status).toMatchObject({ key: 'forbidden', message: 'Pravila smiju mijenjati samo njihovi urednici' });
  await logout(page);
});

test('a superuser raises the CPU maximum in a draft; a maximum below the minimum is refused at that field; publish and undo', async ({ page }, testInfo) => {
  test.setTimeout(240_000);
  await loginAs(page, 'admin');
  await page.goto('/ui/rules');
  await page.getByTestId('rules-edit-link').click();
  await expectPath(page, '/ui/rules/edit');
  await page.getByRole('button', { name: 'Započni nacrt iz pravila u upotrebi' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Ograničenja resursa' })).toBeVisible();
  const maximum = page.locator(MAXIMUM);
  await expect(maximum).toHaveValue('6656');
  const check = page.getByTestId('rules-check');
  const publish = page.getByRole('button', { name: 'Objavi' });
  await page.getByLabel('Bilješka za povijest (obavezno)').fill('Više jezgri za nove čvorove');

  // The preview starts at a form a user fills in that asks for the limits; by the rules in use, 7000 cores are too many.
  const preview = page.getByTestId('rules-preview');
  // Its code loads as it comes into view, below the section.
  await page.locator('.rules-preview-place').scrollIntoViewIfNeeded();
  await expect(preview.getByRole('heading', { level: 2, name: 'Pregled s nacrtom' })).toBeVisible();
  await expect(preview).toContainText('Iz pregleda se ništa ne šalje ni sprema.');
  await expect(preview.getByLabel('Prikaži')).toHaveValue('form:institutional-project');
  const cores = preview.locator(PREVIEW_CORES);
  const coresField = preview.locator('.resource-numbers .field').filter({ has: page.locator(PREVIEW_CORES) });
  await cores.fill('7000');
  await preview.getByRole('button', { name: 'Provjeri kao pri slanju' }).click();
  await expect(coresField.locator('.field-errors')).toHaveText('Broj ne može biti veći od 6656');

  // Below the minimum: refused at that field, in Croatian, and nothing may be published.
  await maximum.fill('0');
  // RJSF's message of that field, under it (the field's aria-describedby names it).
  const atField = page.locator(`${MAXIMUM}__error`);
  await expect(atField).toContainText('najveća vrijednost 0 manja je od najmanje vrijednosti 1, pa nijedna vrijednost ne može proći');
  await expect(check).toContainText('Broj problema: 1.');
  await expect(publish).toBeDisabled();
  await bothWidths(page, testInfo, 'rules-edit-refused-hr');

  await maximum.fill('7000');
  await expect(check).toContainText('HPCnSlotsCPU najviše 6656 → 7000');
  await expect(check).toContainText('Nacrt prolazi sve provjere.', { timeout: 15_000 });
  await expect(atField).toHaveCount(0);
  expect(await servedMaximum(page)).toBe(6656);
  // With the draft, the form takes the 7000 cores the rules in use refuse, and refuses one more with the user's message.
  await cores.fill('');
  await cores.fill('7000');
  await expect(coresField.locator('.field-errors')).toHaveCount(0);
  await cores.fill('7001');
  await expect(coresField.locator('.field-errors')).toHaveText('Broj ne može biti veći od 7000');
  await bothWidths(page, testInfo, 'rules-edit-hr');
  await preview.screenshot({ path: testInfo.outputPath('rules-preview-form-1366.png') });
  await page.setViewportSize({ width: PHONE_WIDTH, height: 844 });
  await preview.screenshot({ path: testInfo.outputPath('rules-preview-form-390.png') });
  await page.setViewportSize({ width: 1366, height: 860 });

  await page.locator('.language-toggle button[lang="en"]').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Editing the rules' })).toBeVisible();
  await expect(check).toContainText('HPCnSlotsCPU maximum 6656 → 7000');
  await expect(page.getByText('A rule change changes nothing already submitted')).toBeVisible();
  await expect(preview.getByRole('heading', { level: 2, name: 'Preview with the draft' })).toBeVisible();
  await expect(coresField.locator('.field-errors')).toHaveText('The number cannot be greater than 7000');
  await page.locator('#rules-editor-part').selectOption({ label: 'JSON (every file)' });
  const raw = page.getByLabel('JSON of rules/resource-limits.json');
  await expect(raw).toContainText('"maximum": 7000');
  // A draft that makes no form: the preview says so instead of drawing one; put right, the form is back.
  const text = await raw.inputValue();
  await raw.fill(text.replace('"maximum": 7000', '"maximum": "many"'));
  await expect(preview.getByTestId('rules-preview-broken')).toContainText('The preview cannot be drawn with this draft');
  await expect(preview.locator(PREVIEW_CORES)).toHaveCount(0);
  await raw.fill(text);
  await expect(preview.locator(PREVIEW_CORES)).toBeVisible();
  await expect(check).toContainText('The draft passes every check.', { timeout: 15_000 });
  // A staff grid with the draft's layout over the live rows its page reads.
  await preview.getByLabel('Show').selectOption({ label: 'Requests' });
  await expect(preview.locator('.schema-grid-view .ag-row').first()).toBeVisible({ timeout: 15_000 });
  await preview.screenshot({ path: testInfo.outputPath('rules-preview-grid-1366.png') });
  await page.setViewportSize({ width: PHONE_WIDTH, height: 844 });
  await preview.screenshot({ path: testInfo.outputPath('rules-preview-grid-390.png') });
  await page.setViewportSize({ width: 1366, height: 860 });
  await bothWidths(page, testInfo, 'rules-edit-en');
  await preview.getByLabel('Show').selectOption({ label: 'Institutional project' });
  await page.locator('#rules-editor-part').selectOption({ label: 'Resource limits' });

  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByTestId('rules-published')).toContainText('HPCnSlotsCPU maximum 6656 → 7000');
  await expect.poll(() => servedMaximum(page), { timeout: 2_000 }).toBe(7000);

  // Undo: the set before is made live again from the history, as a new entry.
  await page.goto('/ui/rules');
  const entries = page.locator('.rules-history-entry');
  await expect(entries.first()).toContainText('admin: “Više jezgri za nove čvorove”');
  await entries.nth(1).getByRole('button', { name: 'Make this set live again' }).click();
  await expect.poll(() => servedMaximum(page), { timeout: 5_000 }).toBe(6656);
  await expect(entries.first()).toContainText('earlier set made live again');
  await expect(entries.first()).toContainText('HPCnSlotsCPU maximum 7000 → 6656');
  await expect(page.locator('[data-section="limits"] tr[data-row="HPCnSlotsCPU"] [data-column="maximum"] .rules-cell-value')).toHaveText('6,656');
  await bothWidths(page, testInfo, 'rules-en');
});

test('a draft that removes a request type lists its projects and their open invitations, each linked, in both languages', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  const { id, headers } = await draftWithEditedFile(page, 'requests/index.json', (index) => {
    index.oneOf = index.oneOf.filter((r: { const: string }) => r.const !== 'internal-project');
  });
  const items = ((await (await page.request.get(`/api/v1/internal/rule-drafts/${id}/impact`)).json()) as { items: Array<{ kind: string; identifier: string; link: string; hr: string; en: string }> }).items;
  // The demo's internal project, and the invitations to it not yet expired, each linked to the project.
  const removed = items.find((i) => i.kind === 'requestTypeRemoved')!;
  expect(removed.hr).toBe(`${removed.identifier} je vrste zahtjeva „Interni projekt”, koju nacrt uklanja`);
  const invites = items.filter((i) => i.kind === 'invitePending');
  expect(invites.length).toBeGreaterThan(0);
  expect(items).toEqual([removed, ...invites]);
  for (const invite of invites) expect(invite).toMatchObject({ identifier: removed.identifier, link: removed.link });

  await page.goto('/ui/rules/edit');
  // The earlier test left the superuser's language English.
  await page.locator('.language-toggle button[lang="hr"]').click();
  const impact = page.getByTestId('rules-impact');
  await expect(impact).toContainText(`Broj zahvaćenih zahtjeva, projekata, pozivnica i dodjela sati: ${items.length}.`, { timeout: 15_000 });
  const rows = impact.locator('li');
  await expect(rows).toHaveCount(items.length);
  // Each row: the identifier as a link to its page, then the reason in the reader's language.
  const shown = (text: string) => text.replace(`${removed.identifier}:`, removed.identifier);
  for (const [n, item] of items.entries()) {
    await expect(rows.nth(n)).toHaveText(shown(item.hr));
    await expect(rows.nth(n).getByRole('link', { name: removed.identifier })).toHaveAttribute('href', `/ui/projects/${removed.identifier}`);
  }
  await expect(rows.nth(1)).toContainText('još je otvorena, a nacrt utječe na projekt');
  await bothWidths(page, testInfo, 'rules-impact-hr');

  await page.locator('.language-toggle button[lang="en"]').click();
  for (const [n, item] of items.entries()) await expect(rows.nth(n)).toHaveText(shown(item.en));
  await expect(rows.nth(0)).toHaveText(`${removed.identifier} is of the request type "Internal project", which the draft removes`);
  await rows.nth(0).getByRole('link', { name: removed.identifier }).click();
  await expectPath(page, `/ui/projects/${removed.identifier}`);
  expect((await page.request.delete(`/api/v1/internal/rule-drafts/${id}`, { headers })).status()).toBe(200);
  await logout(page);
});
