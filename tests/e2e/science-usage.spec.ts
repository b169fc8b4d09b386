import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { expectPath, loginAs, screenshot } from './helpers/portal';
import { expectNoSeriousAxe } from './helpers/axe';

/** The bars ApexCharts drew for a chart: they change exactly when the bars do. */
async function bars(page: Page, chartPrefix: string): Promise<string> {
  const chart = page.locator(`[data-chart^="${chartPrefix}"]`).first();
  await expect(chart.locator('.apexcharts-bar-area').first()).toBeAttached();
  return (await chart.locator('.apexcharts-bar-area').evaluateAll((paths) => paths.map((p) => p.getAttribute('d')).join('|'))) ?? '';
}

const legend = (page: Page, chart: string) => page.locator(`[data-chart="${chart}"] .apexcharts-legend-series`).allTextContents();

test.describe('usage by science domain', () => {
  test('staff split the clusters\' hours by domain and by field, per month and per year, and download CSV', async ({ page }) => {
    test.setTimeout(60_000);
    await loginAs(page, 'staff');
    await page.getByRole('link', { name: 'Po znanstvenim područjima' }).click();
    await expectPath(page, '/ui/science-usage');
    await expect(page.getByRole('heading', { name: 'Potrošnja po znanstvenim područjima', level: 1 })).toBeVisible();
    // The demo's ml-materials project declares technical and natural sciences.
    await expect.poll(() => legend(page, 'supek-cpuh-domain-month')).toEqual(expect.arrayContaining(['Tehničke znanosti', 'Prirodne znanosti']));
    const totals = page.locator('[data-cluster="supek"] .science-usage-totals');
    await expect(totals.getByRole('row', { name: /Tehničke znanosti/ })).toContainText('%');
    const byDomain = await bars(page, 'supek-cpuh-domain-month');
    await screenshot(page, 'science-usage-domain-hr');
    await expectNoSeriousAxe(page);

    await page.getByRole('button', { name: 'Po poljima' }).click();
    await expect.poll(() => legend(page, 'supek-cpuh-field-month')).toEqual(expect.arrayContaining(['Računarstvo (Tehničke znanosti)', 'Fizika (Prirodne znanosti)']));
    expect(await bars(page, 'supek-cpuh-field-month')).not.toBe(byDomain);

    await page.getByRole('button', { name: 'Godišnje' }).click();
    await page.locator('select#science-usage-window').selectOption({ label: 'Prikaži sve' });
    const labels = page.locator('[data-chart="supek-cpuh-field-year"] .apexcharts-xaxis-label');
    // In December the last twelve months are one calendar year, so the chart before the switch
    // may already show one year label: wait for the redraw with every year.
    await expect(labels.first()).toHaveText(/^\d{4}$/);
    await expect.poll(() => labels.count()).toBeGreaterThanOrEqual(2);

    const download = page.waitForEvent('download');
    await page.locator('[data-chart="supek-cpuh-field-year"]').getByRole('button', { name: /Preuzmi podatke grafa Supek – CPU sati kao CSV/ }).click();
    const csv = readFileSync(await (await download).path(), 'utf8').split('\n');
    // Croatian CSV: `;` between cells and a decimal comma, as Croatian Excel reads it.
    expect(csv[0]).toMatch(/^godina;/);
    expect(csv[0]).toContain('Računarstvo (Tehničke znanosti)');
    expect(csv[1]).toMatch(/^\d{4};[0-9;,]+$/);
  });

  test('reads in English and fits a 390 px phone', async ({ page }) => {
    await loginAs(page, 'staff');
    await page.goto('/ui/science-usage');
    await page.getByRole('button', { name: 'EN', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Usage by science domain', level: 1 })).toBeVisible();
    await expect.poll(() => legend(page, 'supek-cpuh-domain-month')).toEqual(expect.arrayContaining(['Technical sciences', 'Natural sciences']));
    await expectNoSeriousAxe(page);
    await screenshot(page, 'science-usage-domain-en');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await expect(page.locator('[data-chart="supek-cpuh-domain-month"] .apexcharts-bar-area').first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(1);
    await screenshot(page, 'science-usage-390-en');
  });

  test('is not open to users who are not staff', async ({ page }) => {
    await loginAs(page, 'lead');
    await expect(page.getByRole('link', { name: 'Po znanstvenim područjima' })).toHaveCount(0);
    await page.goto('/ui/science-usage');
    await expect(page.getByRole('heading', { name: 'Potrošnja po znanstvenim područjima' })).toHaveCount(0);
  });
});
