import { expect, test, type Page } from '@playwright/test';
import { expectPath, loginAs, screenshot } from './helpers/portal';
import { expectNoSeriousAxe, useLanguage } from './helpers/axe';
import type { EfficiencyAnswer, GrantsAnswer } from '../../generated';

/** An internal answer as the signed-in page's session sees it. */
async function answer<T>(page: Page, url: string): Promise<T> {
  const res = await page.request.get(url);
  expect(res.ok()).toBe(true);
  return (await res.json()) as T;
}

const PHONE = { width: 390, height: 844 };

/** Hours granted, burn-down, the staff grid's "used %" and the members' efficiency (docs/decisions/0290-hours-granted.md). */
test.describe('hours granted', () => {
  test('the lead sees used against granted and the run-out date on project accounting, in hr and en, at 1366 and 390 px', async ({ page }) => {
    test.setTimeout(90_000);
    await loginAs(page, 'lead');
    await expectPath(page, '/ui/project-accounting');
    const { projects } = await answer<GrantsAnswer>(page, '/api/v1/internal/grants');
    expect(projects.length).toBeGreaterThan(0);
    const block = page.getByTestId('grant-burn-downs');
    await expect(block.getByRole('heading', { name: 'Dodijeljeni sati' })).toBeVisible();
    // The most used project is open; the others are folded under their summary line.
    const first = [...projects].sort((a, b) => (b.usedPercent ?? 0) - (a.usedPercent ?? 0))[0];
    const cpu = first.clusters.find((c) => c.cpuh)!;
    const bar = block.locator(`[data-grant-project="${first.identifier}"] [data-cluster="${cpu.cluster}"][data-kind="cpuh"]`);
    await expect(bar.getByRole('progressbar')).toHaveAttribute('aria-valuetext', new RegExp(`od ${new Intl.NumberFormat('hr-HR', { maximumFractionDigits: 0 }).format(cpu.cpuh!.granted)} sati`));
    const runsOut = projects.flatMap((p) => p.clusters.flatMap((c) => (c.cpuh?.runsOut ? [{ p, c, date: c.cpuh.runsOut }] : [])))[0];
    // The demo has a grant that runs out before its project's end: its date is in the sentence and the summary line.
    expect(runsOut).toBeDefined();
    const [y, m, d] = runsOut.date.split('-');
    await expect(block.locator(`[data-grant-project="${runsOut.p.identifier}"] [data-cluster="${runsOut.c.cluster}"][data-kind="cpuh"] .grant-run-out`)).toContainText(`potrošit će se ${d}.${m}.${y}`);
    // The summary line names the project's earliest run-out over all its clusters and kinds.
    expect(runsOut.p.runsOut).not.toBeNull();
    const [py, pm, pd] = runsOut.p.runsOut!.split('-');
    await expect(block.locator(`[data-grant-project="${runsOut.p.identifier}"] > summary`)).toContainText(`${pd}.${pm}.${py}`);
    const sentence = cpu.cpuh!.percent >= 100 ? 'Dodijeljeni sati su potrošeni' : cpu.cpuh!.runsOut ? 'potrošit će se' : 'dostaju do kraja projekta';
    await expect(bar.locator('.grant-run-out')).toContainText(sentence);
    await expect(bar.locator('[data-chart^="burn-down-"] .apexcharts-line-series, [data-chart^="burn-down-"] .apexcharts-series').first()).toBeAttached();
    await bar.locator('.burn-down-table summary').click();
    await expect(bar.locator('.burn-down-table table tbody tr').first()).toBeVisible();
    await screenshot(page, 'grants-burn-down-hr-1366');
    await expectNoSeriousAxe(page);

    await useLanguage(page, 'en');
    await expect(block.getByRole('heading', { name: 'Hours granted' })).toBeVisible();
    await expect(bar.getByRole('progressbar')).toHaveAttribute('aria-valuetext', / of [\d,]+ hours/);
    await page.setViewportSize(PHONE);
    await screenshot(page, 'grants-burn-down-en-390');
    // The page lays itself out again after the resize: wait for it rather than read the width at once.
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await expectNoSeriousAxe(page);
  });

  test('the lead sees the grants on the project page and a notice on my-requests', async ({ page }) => {
    await loginAs(page, 'lead');
    const { projects } = await answer<GrantsAnswer>(page, '/api/v1/internal/grants');
    const warned = projects.find((p) => p.clusters.some((c) => c.cpuh?.reached.length || c.gpuh?.reached.length));
    await page.goto(`/ui/memberships/${encodeURIComponent(projects[0].identifier)}`);
    await expect(page.getByTestId('project-grants').getByRole('heading', { name: 'Dodijeljeni sati' })).toBeVisible();
    await expect(page.getByTestId('project-grants').getByRole('progressbar').first()).toBeVisible();
    await expectNoSeriousAxe(page);
    // The notices come with the list, not after it: nothing on the page moves once it is shown.
    await page.addInitScript(() => {
      const shifts: number[] = [];
      (window as unknown as { layoutShifts: number[] }).layoutShifts = shifts;
      new PerformanceObserver((list) => list.getEntries().forEach((e) => shifts.push((e as unknown as { value: number }).value))).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto('/ui/my-requests');
    if (warned) await expect(page.locator(`[data-notice="${warned.identifier}"]`).first()).toContainText(warned.identifier);
    await expect(page.locator('.my-requests-table tbody tr').first()).toBeVisible();
    const shifted = await page.evaluate(() => (window as unknown as { layoutShifts: number[] }).layoutShifts.reduce((sum, v) => sum + v, 0));
    expect(shifted).toBeLessThan(0.05);
    await screenshot(page, 'grants-my-requests-hr');
    await expectNoSeriousAxe(page);
  });

  test('the per-user efficiency table names the member below 50%', async ({ page }) => {
    test.setTimeout(60_000);
    await loginAs(page, 'lead');
    await page.goto('/ui/project-users-accounting');
    const efficiency = await answer<EfficiencyAnswer>(page, '/api/v1/internal/accounting/efficiency');
    const below = efficiency.rows.find((r) => r.below)!;
    expect(below).toBeDefined();
    const table = page.getByTestId('efficiency');
    await expect(table.getByRole('heading', { name: 'Iskorištenost dodijeljenog procesorskog vremena' })).toBeVisible();
    const row = table.locator(`tr[data-member="${below.username}"]`).first();
    await expect(row).toContainText(below.name!);
    await expect(row).toContainText('ispod 50 %');
    await expect(table.locator('tr[data-member]').filter({ hasText: 'ispod 50 %' })).toHaveCount(efficiency.rows.filter((r) => r.below).length);
    await screenshot(page, 'grants-efficiency-hr-1366');
    await expectNoSeriousAxe(page);
    await useLanguage(page, 'en');
    await expect(row).toContainText('below 50%');
    await page.setViewportSize(PHONE);
    await screenshot(page, 'grants-efficiency-en-390');
    // The page lays itself out again after the resize: wait for it rather than read the width at once.
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await expectNoSeriousAxe(page);
  });

  test('staff sort the projects grid by "used %" and see the hours-granted lists', async ({ page }) => {
    test.setTimeout(60_000);
    await loginAs(page, 'staff');
    await page.goto('/ui/projects');
    const header = page.locator('.ag-header-cell', { hasText: 'Potrošeno (%)' });
    await expect(header).toBeVisible();
    const shown = async () =>
      (await page.locator('.schema-grid-view .ag-row [col-id="grant_used_percent"]').allTextContents())
        .map((s) => s.trim())
        .filter(Boolean)
        .map((s) => Number(s.replace(/\s*%$/, '').replace('.', '').replace(',', '.')));
    await header.click();
    await expect.poll(async () => (await shown()).length).toBeGreaterThan(1);
    const ascending = await shown();
    expect(ascending).toEqual([...ascending].sort((a, b) => a - b));
    await header.click();
    await expect.poll(async () => (await shown())[0]).toBeGreaterThanOrEqual(ascending[ascending.length - 1]);
    const descending = await shown();
    expect(descending).toEqual([...descending].sort((a, b) => b - a));
    await screenshot(page, 'grants-staff-grid-hr');

    const { projects } = await answer<GrantsAnswer>(page, '/api/v1/internal/grants/over-threshold');
    const granted = projects[0];
    const cpu = granted.clusters.find((c) => c.cpuh)!;
    await page.goto(`/ui/projects/${encodeURIComponent(granted.identifier)}`);
    await expect(page.getByTestId('grant-fields').getByRole('heading', { name: 'Dodijeljeni sati' })).toBeVisible();
    await expect(page.locator(`#grant-${cpu.cluster}-cpuh`)).toHaveValue(String(cpu.cpuh!.granted));
    await screenshot(page, 'grants-processing-hr');
    await expectNoSeriousAxe(page);

    await page.goto('/ui/hours-granted');
    await expect(page.getByRole('heading', { name: 'Projekti iznad praga dodijeljenih sati' })).toBeVisible();
    await expect(page.getByTestId('least-efficient').locator('tbody tr').first()).toBeVisible();
    await expectNoSeriousAxe(page);
    await useLanguage(page, 'en');
    await page.setViewportSize(PHONE);
    await expect(page.getByRole('heading', { name: 'Projects over a threshold of their hours granted' })).toBeVisible();
    await screenshot(page, 'grants-staff-lists-en-390');
    await expectNoSeriousAxe(page);
  });
});
