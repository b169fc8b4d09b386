import { expect, test } from '@playwright/test';
import { useSchemaCopyPortal } from './helpers/schema-copy-portal';
import { logout } from './helpers/portal';
import { bothWidths, draftWithEditedFile, startDraftInCroatian } from './helpers/rules-editor';

/*
 * What staff change in the rules editor's section forms, on a portal of this file's own (a copy of
 * schemas/, beside rules-editor.spec.ts's so the two run at once): a science field and a grid
 * column's header renamed, a science domain and a grid column added and the default sort chosen
 * from the sortable columns; and the grid preview, which draws a staff grid with the draft's layout
 * over live rows and names a state as the draft renames it while the grid's page keeps the name in
 * use. In Croatian and English at 1366 and 390 px, axe-clean.
 */
useSchemaCopyPortal(11);

test('a superuser renames a science field and a grid column’s header in a draft, in Croatian and English, and the draft passes', async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  const { part, check } = await startDraftInCroatian(page);
  const changedFile = (file: string) => check.locator('.rules-change-file', { hasText: file });

  await part.selectOption({ label: 'Znanstvena područja i polja' });
  await expect(page.getByRole('heading', { level: 2, name: 'Znanstvena područja i polja' })).toBeVisible();
  const physics = page.locator('#rules-editor-science-domains-json__entries_0_fields_1_label_en');
  await expect(physics).toHaveValue('Physics');
  await physics.fill('Physical sciences');
  await expect(changedFile('rules/science-domains.json').first()).toBeVisible();
  await expect(check).toContainText('Nacrt prolazi sve provjere.', { timeout: 15_000 });
  await bothWidths(page, testInfo, 'rules-edit-domains-hr');

  await part.selectOption({ label: 'Tablica: Zahtjevi' });
  await expect(page.getByRole('heading', { level: 2, name: 'Tablica: Zahtjevi' })).toBeVisible();
  const header = page.locator('#rules-editor-grid-layouts-json-tables-requests-json__entries_3_header_hr');
  await expect(page.locator('#rules-editor-grid-layouts-json-tables-requests-json__entries_3_field')).toHaveValue('name');
  await header.fill('Projekt');
  await expect(changedFile('tables/requests.json').first()).toBeVisible();
  await expect(check).toContainText('Nacrt prolazi sve provjere.', { timeout: 15_000 });
  await bothWidths(page, testInfo, 'rules-edit-grid-hr');

  await page.locator('.language-toggle button[lang="en"]').click();
  await expect(page.getByRole('heading', { level: 2, name: 'Table: Requests' })).toBeVisible();
  await expect(header).toHaveValue('Projekt');
  await page.locator('#rules-editor-grid-layouts-json-tables-requests-json__entries_3_header_en').fill('Project');
  await expect(check).toContainText('The draft passes every check.', { timeout: 15_000 });
  await bothWidths(page, testInfo, 'rules-edit-grid-en');
  await part.selectOption({ label: 'Science domains and fields' });
  await expect(physics).toHaveValue('Physical sciences');
  await expect(check).toContainText('The draft passes every check.');
  await bothWidths(page, testInfo, 'rules-edit-domains-en');
  await part.selectOption({ label: 'JSON (every file)' });
  await page.locator('#rules-raw-file').selectOption('tables/requests.json');
  await expect(page.getByLabel('JSON of tables/requests.json')).toContainText('"en": "Project"');
  await page.getByRole('button', { name: 'Discard the draft' }).click();
  await expect(page.getByRole('button', { name: 'Start a draft from the rules in use' })).toBeVisible();
});

test('a superuser adds a science domain and a grid column in the form and chooses the default sort, in Croatian and English', async ({ page }, testInfo) => {
  test.setTimeout(240_000);
  const { part, check } = await startDraftInCroatian(page);
  const form = page.locator('.rules-editor-form');

  // A new domain: its add button is the domains' list's own, after every domain.
  await part.selectOption({ label: 'Znanstvena područja i polja' });
  const domains = '#rules-editor-science-domains-json__entries';
  // The new domain comes after those of the rules in use.
  const served = (await (await page.request.get('/api/v1/internal/schemas/')).json()).docs as Array<{ $id: string; definitions?: { domainShare?: { oneOf: unknown[] } } }>;
  const count = served.find((d) => d.$id.endsWith('/rules/science-domains.json'))!.definitions!.domainShare!.oneOf.length;
  await expect(page.locator(`${domains}_${count - 1}_const`)).toBeVisible();
  const addDomain = page.locator(`${domains}__add`);
  await expect(addDomain).toHaveAttribute('title', 'Dodaj');
  await addDomain.click();
  const added = `${domains}_${count}`;
  await expect(form.getByText('Novo područje')).toBeVisible();
  // Empty, it is refused at its value and at its fields, in Croatian.
  await expect(form).toContainText('Područje treba pohranjenu vrijednost (sada je prazna)', { timeout: 15_000 });
  await expect(form).toContainText('Područje treba barem jedno polje');
  await page.locator(`${added}_const`).fill('Svemirske znanosti');
  await page.locator(`${added}_label_hr`).fill('Svemirske znanosti');
  await page.locator(`${added}_label_en`).fill('Space sciences');
  await page.locator(`${added}_fields__add`).click();
  await expect(form).toContainText('Polje treba pohranjenu vrijednost (sada je prazna)', { timeout: 15_000 });
  await page.locator(`${added}_fields_0_value`).fill('Astronautika');
  await page.locator(`${added}_fields_0_label_hr`).fill('Astronautika');
  await page.locator(`${added}_fields_0_label_en`).fill('Astronautics');
  await expect(check).toContainText('Nacrt prolazi sve provjere.', { timeout: 15_000 });
  // The value of a domain already in use is shown, not typed; the new one's can still be corrected.
  await expect(page.locator(`${domains}_0_const`)).not.toBeEditable();
  await expect(page.locator(`${added}_const`)).toBeEditable();
  await bothWidths(page, testInfo, 'rules-add-domain-hr');

  // A new column of the requests grid shows a value its rows carry, chosen from them.
  await part.selectOption({ label: 'Tablica: Zahtjevi' });
  const columns = '#rules-editor-grid-layouts-json-tables-requests-json__entries';
  await page.locator(`${columns}__add`).click();
  await expect(form.getByText('Novi stupac')).toBeVisible();
  await expect(form).toContainText('Stupac treba vrijednost koju prikazuje (polje je prazno)', { timeout: 15_000 });
  await expect(page.locator(`${columns}_7_field option:checked`)).toHaveText('odaberite vrijednost redaka');
  await page.locator(`${columns}_7_field`).selectOption({ label: 'institute' });
  await page.locator(`${columns}_7_header_hr`).fill('Ustanova');
  await expect(form).toContainText('Stupac bez ključa naslova treba naslov na engleskom', { timeout: 15_000 });
  await page.locator(`${columns}_7_header_en`).fill('Institution');
  await expect(check).toContainText('Nacrt prolazi sve provjere.', { timeout: 15_000 });
  await bothWidths(page, testInfo, 'rules-add-column-hr');

  // In English: the software grid's default sort is chosen from its sortable columns.
  await page.locator('.language-toggle button[lang="en"]').click();
  await part.selectOption({ label: 'Table: Software' });
  const sortField = page.locator('#rules-editor-grid-layouts-json-tables-software-json__settings_defaultSort_field');
  await expect(sortField.locator('option')).toHaveText(['unsorted', 'name', 'created', 'added_by']);
  await sortField.selectOption({ label: 'created' });
  await expect(check).toContainText('The draft passes every check.', { timeout: 15_000 });
  await bothWidths(page, testInfo, 'rules-default-sort-en');
  await part.selectOption({ label: 'Table: Requests' });
  await expect(page.locator(`${columns}_7_header_en`)).toHaveValue('Institution');
  await page.locator(`${columns}__add`).click();
  await expect(form.getByText('New column')).toBeVisible();
  await expect(form).toContainText('a column needs the value it shows (its field is empty)', { timeout: 15_000 });
  await page.locator(`${columns}_8__remove`).click();
  await expect(check).toContainText('The draft passes every check.', { timeout: 15_000 });
  await bothWidths(page, testInfo, 'rules-add-column-en');
  await part.selectOption({ label: 'JSON (every file)' });
  await page.locator('#rules-raw-file').selectOption('tables/requests.json');
  await expect(page.getByLabel('JSON of tables/requests.json')).toContainText('"en": "Institution"');
  await page.locator('#rules-raw-file').selectOption('rules/science-domains.json');
  await expect(page.getByLabel('JSON of rules/science-domains.json')).toContainText('"const": "Svemirske znanosti"');
  await page.getByRole('button', { name: 'Discard the draft' }).click();
  await expect(page.getByRole('button', { name: 'Start a draft from the rules in use' })).toBeVisible();
});

test('the grid preview names a state as the draft renames it, in Croatian and English, and the grid page keeps the name in use', async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  const { id, headers } = await draftWithEditedFile(page, 'rules/states.json', (states) => {
    states.oneOf.find((s: { const: string }) => s.const === 'submit').label = { hr: 'Čeka obradu', en: 'Awaiting processing' };
  });

  await page.goto('/ui/rules/edit');
  await page.locator('.language-toggle button[lang="hr"]').click();
  const preview = page.getByTestId('rules-preview');
  await page.locator('.rules-preview-place').scrollIntoViewIfNeeded();
  await preview.getByLabel('Prikaži').selectOption({ label: 'Zahtjevi' });
  // A submitted request's state icon and the state filter's choice, named by the draft.
  const submitted = preview.locator('.schema-grid-view .ag-row [data-state="submit"]').first();
  const choice = (name: string) => preview.locator('[data-filter="state"] [role="option"]', { hasText: new RegExp(`^${name}$`) });
  await expect(submitted).toHaveAttribute('aria-label', 'Čeka obradu', { timeout: 15_000 });
  await expect(choice('Čeka obradu')).toHaveCount(1);
  await expect(choice('Obrada')).toHaveCount(0);
  await bothWidths(page, testInfo, 'rules-preview-states-hr');

  await page.locator('.language-toggle button[lang="en"]').click();
  await expect(submitted).toHaveAttribute('aria-label', 'Awaiting processing', { timeout: 15_000 });
  await expect(choice('Awaiting processing')).toHaveCount(1);
  await expect(choice('Processing')).toHaveCount(0);
  await bothWidths(page, testInfo, 'rules-preview-states-en');

  // Outside the preview the grid reads the rules in use.
  await page.goto('/ui/requests');
  await expect(page.locator('.schema-grid-view .ag-row [data-state="submit"]').first()).toHaveAttribute('aria-label', 'Processing', { timeout: 15_000 });
  expect((await page.request.delete(`/api/v1/internal/rule-drafts/${id}`, { headers })).status()).toBe(200);
  await logout(page);
});
