import { expect, type Page, type TestInfo } from '@playwright/test';
import { loginAs } from './portal';
import { expectNoSeriousAxe } from './axe';

/** What the rules editor's browser tests share (rules-editor.spec.ts, rules-editor-structure.spec.ts). */

export const PHONE_WIDTH = 390;

/** The HPCnSlotsCPU maximum of the set the server serves. */
export async function servedMaximum(page: Page): Promise<number> {
  const docs = (await (await page.request.get('/api/v1/internal/schemas/')).json()).docs as Array<{ $id: string; properties: Record<string, { maximum: number }> }>;
  return docs.find((d) => d.$id.endsWith('/rules/resource-limits.json'))!.properties.HPCnSlotsCPU.maximum;
}

export async function bothWidths(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  await page.setViewportSize({ width: 1366, height: 860 });
  await expectNoSeriousAxe(page, null);
  await page.screenshot({ path: testInfo.outputPath(`${name}-1366.png`) });
  await page.setViewportSize({ width: PHONE_WIDTH, height: 844 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE_WIDTH);
  await expectNoSeriousAxe(page, null);
  await page.screenshot({ path: testInfo.outputPath(`${name}-390.png`), fullPage: true });
  await page.setViewportSize({ width: 1366, height: 860 });
}

/** A superuser's new draft from the rules in use, in Croatian (an earlier test may have left English): the part chooser and the check. */
export async function startDraftInCroatian(page: Page) {
  await loginAs(page, 'admin');
  await page.goto('/ui/rules/edit');
  await page.locator('.language-toggle button[lang="hr"]').click();
  await page.getByRole('button', { name: 'Započni nacrt iz pravila u upotrebi' }).click();
  return { part: page.locator('#rules-editor-part'), check: page.getByTestId('rules-check') };
}

/**
 * A superuser's draft made through the API with one file of the rules in use changed by `edit`:
 * its id, and the headers that change or discard it.
 */
export async function draftWithEditedFile(page: Page, file: string, edit: (doc: any) => void) {
  await loginAs(page, 'admin');
  const csrf = (await (await page.request.get('/api/v1/sessionactive')).json()).csrftoken as string;
  const headers = { 'x-csrftoken': csrf };
  const draft = (await (await page.request.post('/api/v1/internal/rule-drafts/', { headers, data: {} })).json()) as { id: number; files: Record<string, any> };
  const doc = structuredClone(draft.files[file]);
  edit(doc);
  expect((await page.request.put(`/api/v1/internal/rule-drafts/${draft.id}/file`, { headers, data: { file, doc } })).status()).toBe(200);
  return { id: draft.id, headers };
}
