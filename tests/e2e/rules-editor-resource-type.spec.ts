import { expect, test, type Page } from '@playwright/test';
import { useSchemaCopyPortal } from './helpers/schema-copy-portal';
import { expectPath, expectToast, loginAs, logout } from './helpers/portal';
import { bothWidths, startDraftInCroatian } from './helpers/rules-editor';

/*
 * A resource type added in the rules editor's form, with no code change, on a portal of this
 * file's own (a copy of schemas/). The clusters' tool already knows GPU-BIGMEM; a superuser adds it
 * to the resource types with its names in hr and en (the set check refuses an empty tag, one the
 * clusters cannot take and a name in one language only, each at its field), and publishes the draft.
 * A lead asks for it by its name on a practical-class request, staff grant it on the processing page
 * and find the project by its English name in the projects grid's filter (the row shows the tag,
 * its tooltip the name), and the project carries it in staff_resources_type, the column
 * GET /api/v1/usersprojects sends the clusters.
 */
useSchemaCopyPortal(10);
const TYPE = 'GPU-BIGMEM';
const FILE = 'rules/resource-types.json';
const NAME = `Praktikum ${TYPE}`;
const LABEL = { hr: 'GPU s mnogo memorije', en: 'GPU with large memory' };
const exactly = (text: string) => new RegExp(`^${text.replace(/[()]/g, '\\$&')}$`);

/** The resource types of the set the server serves. */
async function servedTypes(page: Page): Promise<string[]> {
  const docs = (await (await page.request.get('/api/v1/internal/schemas/')).json()).docs as Array<{ $id: string; oneOf?: Array<{ const: string }> }>;
  return docs.find((d) => d.$id.endsWith(`/${FILE}`))!.oneOf!.map((t) => t.const);
}

/** Opens a semantic dropdown and picks the item whose text is `option`. */
async function choose(page: Page, id: string, option: string | RegExp): Promise<void> {
  const dropdown = page.locator(`[id="${id}"]`);
  await dropdown.click();
  await dropdown.locator('.menu .item', { hasText: option }).first().click();
}

/** The project filed as NAME, as the staff list answers it. */
async function filed(page: Page) {
  const all = (await (await page.request.get('/api/v1/internal/projects/all')).json()) as Array<{ identifier: string; name: string; state: { name: string }; staff_resources_type: Array<{ value: string }> }>;
  return all.find((p) => p.name === NAME)!;
}

test('a resource type added in the rules editor is requestable, grantable, shown in the projects grid and sent to the clusters', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  const { part, check } = await startDraftInCroatian(page);
  const count = (await servedTypes(page)).length;
  await part.selectOption({ label: 'Vrste resursa' });
  const form = page.locator('.rules-editor-form');
  await expect(page.getByText(/za novu oznaku dodajte novu vrstu i uklonite staru/)).toBeVisible();
  const types = '#rules-editor-resource-types-json__entries';
  await page.locator(`${types}__add`).click();
  const added = `${types}_${count}`;
  await expect(form.getByText('Nova vrsta')).toBeVisible();
  // Each problem of the new type is shown at its field, in Croatian.
  await expect(form).toContainText('Vrsta resursa treba oznaku (sada je prazna)', { timeout: 15_000 });
  await page.locator(`${added}_const`).fill('gpu bigmem');
  await expect(form).toContainText('Oznaka "gpu bigmem" nije sastavljena od velikih slova, znamenki i crtica, najviše 40 znakova', { timeout: 15_000 });
  await page.locator(`${added}_const`).fill(TYPE);
  await page.locator(`${added}_label_hr`).fill(LABEL.hr);
  await expect(form).toContainText('Vrsta resursa s nazivom treba naziv i na engleskom', { timeout: 15_000 });
  await page.locator(`${added}_label_en`).fill(LABEL.en);
  await expect(check).toContainText(`resource type: dodana vrijednost ${TYPE}`, { timeout: 15_000 });
  await expect(check).toContainText('Nacrt prolazi sve provjere.', { timeout: 15_000 });
  await expect(page.getByTestId('rules-impact')).toContainText('Nacrt ne utječe ni na jedan zahtjev, projekt, pozivnicu ni dodjelu sati.');
  // Users may ask for it (not granted by staff only); a type in use keeps its tag, the new one's can still be corrected.
  await expect(form.getByText(`${LABEL.hr} (${TYPE})`, { exact: true })).toBeVisible();
  await expect(page.locator(`${added}_staffOnly`)).not.toBeChecked();
  await expect(page.locator(`${types}_0_const`)).not.toBeEditable();
  await expect(page.locator(`${added}_const`)).toBeEditable();
  await bothWidths(page, testInfo, 'rules-add-resource-type-hr');
  await page.getByLabel('Bilješka za povijest (obavezno)').fill(`Vrsta ${TYPE} za klastere`);
  await page.getByRole('button', { name: 'Objavi' }).click();
  await expect(page.getByTestId('rules-published')).toContainText(`dodana vrijednost ${TYPE}`);
  await expect.poll(() => servedTypes(page), { timeout: 5_000 }).toContain(TYPE);
  await logout(page);

  // Requestable: the lead's practical-class form offers it (and not the staff-only PENKALA).
  await loginAs(page, 'lead');
  await page.goto('/ui/new-request');
  await choose(page, 'request-type', 'Praktična nastava');
  await page.getByRole('button', { name: 'Nastavi', exact: true }).click();
  await expectPath(page, '/ui/new-request/practical-class');
  await page.locator('#root_name').fill(NAME);
  await page.locator('#root_reason').fill('Vježbe na grafičkim procesorima s mnogo memorije.');
  await page.locator('#root_date_start').fill('01.12.2026');
  await page.locator('#root_date_end').fill('31.01.2027');
  await choose(page, 'root_science_field-0-domain', 'Prirodne znanosti');
  await page.locator('[id="root_science_field-0-percent"]').fill('100');
  await choose(page, 'root_science_field-0-field-0', 'Fizika');
  await page.locator('[id="root_science_field-0-field-0-percent"]').fill('100');
  const chosen = page.locator('[id="root_resources_type"]');
  await chosen.click();
  const offered = chosen.locator('.menu .item', { hasText: exactly(`${LABEL.hr} (${TYPE})`) });
  await expect(offered).toBeVisible();
  await expect(chosen.locator('.menu .item', { hasText: exactly('PENKALA') })).toHaveCount(0);
  await offered.click();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Podnesi zahtjev' }).click();
  await expectToast(page, 'success', 'Zahtjev je uspješno podnesen');
  await expectPath(page, '/ui/my-requests');
  await logout(page);

  // Grantable: staff see it asked for and grant it in place of the default JUPYTER.
  await loginAs(page, 'staff');
  const { identifier } = await filed(page);
  await page.goto(`/ui/requests/${encodeURIComponent(identifier)}`);
  await expect(page.getByTestId('requested-types')).toContainText(TYPE);
  await page.locator('[data-state-option="approve"]').click();
  const granted = page.locator('#staff-resource-types');
  await expect(granted).toContainText('JUPYTER');
  await granted.locator('.delete.icon').first().click();
  await granted.click();
  await granted.locator('.menu .item', { hasText: exactly(`${LABEL.hr} (${TYPE})`) }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Spremi' }).click();
  await page.getByRole('button', { name: 'Da', exact: true }).click();
  await expectToast(page, 'success', 'Zahtjev je uspješno promijenjen');
  await expectPath(page, '/ui/requests');

  // Shown in the staff grid, in English: the projects grid's resource filter finds it, its tag on the row.
  await page.goto('/ui/projects');
  await page.locator('.language-toggle button[lang="en"]').click();
  await page.locator('[data-filter="resources"] .ui.dropdown').click();
  // The filter names a type as it names a state: by its name, in the interface language.
  await page.locator('[data-filter="resources"] .menu .item', { hasText: exactly(LABEL.en) }).click();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('grid-count')).toHaveAttribute('data-count', '1');
  const row = page.locator('.schema-grid-view .ag-row').first();
  await expect(row).toContainText(NAME);
  await expect(row.locator('.resource-tags')).toHaveText(TYPE);
  await expect(row.locator('.resource-tags .label')).toHaveAttribute('title', LABEL.en);
  await expect(row.locator('.grid-resources-label')).toHaveText('Assigned resources:');

  // Sent to the clusters: approved, with the type in staff_resources_type, which usersprojects sends as its tags.
  expect(await filed(page)).toMatchObject({ identifier, state: { name: 'approve' }, staff_resources_type: [expect.objectContaining({ value: TYPE })] });
});
