import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { expectPath, loginAs, screenshot } from './helpers/portal';
import { expectNoSeriousAxe } from './helpers/axe';

/** The bars of a chart, as the paths ApexCharts drew: they change exactly when the bars do. */
async function bars(page: Page, chartPrefix: string): Promise<string> {
  const chart = page.locator(`[data-chart^="${chartPrefix}"]`).first();
  await expect(chart.locator('.apexcharts-bar-area').first()).toBeAttached();
  return (await chart.locator('.apexcharts-bar-area').evaluateAll((paths) => paths.map((p) => p.getAttribute('d')).join('|'))) ?? '';
}

/** The demo project with two years of usage (ml-materials, led by lead, with collab). */
const PROJECT = 'IP-2022-10-1234';

async function choose(page: Page, id: string, label: string | RegExp): Promise<void> {
  const select = page.locator(`select#${id}`);
  const matching = async (): Promise<string | undefined> =>
    (await select.locator('option').allTextContents()).find((o) => (typeof label === 'string' ? o === label : label.test(o)));
  // The options come with the page's data: wait for them rather than read the first paint.
  await expect.poll(matching, { message: `option ${String(label)} of #${id}` }).toBeDefined();
  await select.selectOption({ label: (await matching())! });
}

test.describe('accounting pages', () => {
  test('a lead switches cumulative/monthly, picks a year and a project on project accounting, and downloads CSV', async ({ page }) => {
    test.setTimeout(60_000);
    await loginAs(page, 'lead');
    await expectPath(page, '/ui/project-accounting');
    await expect(page.getByRole('heading', { name: 'Potrošnja resursa projekata' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Suradnici na projektima' })).toBeVisible();
    await expect(page.locator('[data-chart="supek-cpuh-cumulative"]')).toBeVisible();
    const cumulative = await bars(page, 'supek-cpuh');
    await page.getByRole('button', { name: 'Mjesečno' }).click();
    await expect(page.locator('[data-chart="supek-cpuh-monthly"]')).toBeVisible();
    await expect.poll(() => bars(page, 'supek-cpuh-monthly')).not.toBe(cumulative);
    const monthly = await bars(page, 'supek-cpuh-monthly');
    // The forecast sentence of a running project.
    await expect(page.locator('.accounting-forecast').first()).toContainText('ovim tempom do kraja projekta');
    await screenshot(page, 'accounting-projects-hr');
    await expectNoSeriousAxe(page);

    const lastYear = String(new Date().getFullYear() - 1);
    await choose(page, 'accounting-period', lastYear);
    await expect(page.locator('[data-chart="supek-cpuh-monthly"] .apexcharts-xaxis-label').first()).toContainText(`01/${lastYear}`);
    await expect.poll(() => bars(page, 'supek-cpuh-monthly')).not.toBe(monthly);

    const legendBefore = await page.locator('[data-chart="supek-cpuh-monthly"] .apexcharts-legend-series').count();
    expect(legendBefore).toBeGreaterThan(1);
    await choose(page, 'accounting-project', new RegExp(`^${PROJECT}`));
    await expect(page.locator('[data-chart="supek-cpuh-monthly"] .apexcharts-legend-series')).toHaveCount(1);

    const download = page.waitForEvent('download');
    await page.locator('[data-chart="supek-cpuh-monthly"]').getByRole('button', { name: 'Preuzmi podatke grafa Supek – CPU sati kao CSV' }).click();
    const file = await (await download).path();
    const csv = readFileSync(file, 'utf8').split('\n');
    // Croatian spreadsheets: ';' between cells and a decimal comma.
    expect(csv[0]).toMatch(new RegExp(`^month;"?${PROJECT} \\(`));
    expect(csv[1]).toMatch(new RegExp(`^01/${lastYear};\\d+(,\\d{1,2})?$`));
  });

  test('a lead sees users per project and filters a project and a user', async ({ page }) => {
    await loginAs(page, 'lead');
    await page.getByRole('link', { name: 'Suradnici na projektima' }).click();
    await expectPath(page, '/ui/project-users-accounting');
    const all = await bars(page, 'supek-cpuh');
    await choose(page, 'accounting-project', new RegExp(`^${PROJECT}`));
    await expect.poll(() => bars(page, 'supek-cpuh')).not.toBe(all);
    const legend = page.locator('[data-chart="supek-cpuh-cumulative"] .apexcharts-legend-series');
    await expect(legend.first()).toBeVisible();
    await choose(page, 'accounting-user', /^collab/);
    await expect(legend).toHaveCount(1);
    await screenshot(page, 'accounting-project-users-hr');
    await expectNoSeriousAxe(page);
  });

  test('a collaborator sees their own usage without the lead tabs, and switches modes', async ({ page }) => {
    await loginAs(page, 'collab');
    await expectPath(page, '/ui/my-accounting');
    await expect(page.getByRole('heading', { name: 'Moja potrošnja resursa' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Suradnici na projektima' })).toHaveCount(0);
    const cumulative = await bars(page, 'supek-cpuh');
    await page.getByRole('button', { name: 'Mjesečno' }).click();
    await expect.poll(() => bars(page, 'supek-cpuh-monthly')).not.toBe(cumulative);
    await choose(page, 'accounting-period', 'Prikaži sve');
    await expect(page.locator('[data-chart="supek-cpuh-monthly"] .apexcharts-xaxis-label').first()).toBeVisible();
    await choose(page, 'accounting-project', new RegExp(`^${PROJECT}`));
    await expect(page.locator('[data-chart="supek-cpuh-monthly"] .apexcharts-legend-series')).toHaveCount(1);
    await screenshot(page, 'accounting-mine-collab-hr');
    await expectNoSeriousAxe(page);
  });

  test('the personal page shows the service charts, in English too and at 390 px', async ({ page }) => {
    await loginAs(page, 'lead');
    await page.goto('/ui/my-accounting');
    await expect(page.getByRole('heading', { name: 'Usluge' })).toBeVisible();
    await expect(page.locator('[data-cluster="galaxy"]')).toBeVisible();
    await page.getByRole('button', { name: 'EN', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'My resource usage' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Monthly' })).toBeVisible();
    await expect(page.locator('[data-chart="supek-cpuh-cumulative"] .apexcharts-bar-area').first()).toBeVisible();
    await screenshot(page, 'accounting-mine-en');
    await page.goto('/ui/project-accounting');
    await expect(page.locator('.accounting-forecast').first()).toContainText('At this rate project');
    await screenshot(page, 'accounting-projects-en');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await page.locator('details[data-cluster="supek"] > summary').click();
    await expect(page.locator('[data-chart="supek-cpuh-cumulative"] .apexcharts-bar-area').first()).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(1);
    await screenshot(page, 'accounting-projects-390-en');
    await page.getByRole('button', { name: 'HR', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Potrošnja resursa projekata' })).toBeVisible();
    await screenshot(page, 'accounting-projects-390-hr');
  });

  test('on a phone the usage pages open with each cluster’s hours, and a chart’s code loads once its cluster is opened', async ({ page }) => {
    test.setTimeout(60_000);
    await page.setViewportSize({ width: 390, height: 844 });
    // Routed requests skip the browser's cache, so each time a page needs the chart code it asks for it.
    const chartCode: string[] = [];
    await page.route(/\/static\/apexcharts\.[^/]*\.js$/, (route) => {
      chartCode.push(route.request().url());
      return route.continue();
    });
    await loginAs(page, 'lead');
    for (const [path, heading] of [
      ['/ui/project-accounting', 'Potrošnja resursa projekata'],
      ['/ui/project-users-accounting', 'Potrošnja resursa suradnika'],
      ['/ui/my-accounting', 'Moja potrošnja resursa'],
    ]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: heading })).toBeVisible();
      const supek = page.locator('details[data-cluster="supek"]');
      await expect(supek.getByTestId('cluster-totals')).toHaveText(/^Ukupno u razdoblju: \d{1,3}(\.\d{3})* CPU sati( · \d{1,3}(\.\d{3})* GPU sati)?$/);
      await expect(supek).not.toHaveAttribute('open');
      // The hours granted of project accounting fold too: each project's line says how much it used.
      if (path === '/ui/project-accounting') await expect(page.locator('details.grant-burn-down[open]')).toHaveCount(0);
      await page.waitForLoadState('networkidle');
      expect({ path, chartCode }).toEqual({ path, chartCode: [] });
      await expectNoSeriousAxe(page);
    }
    // Opened, the cluster draws its charts, and the chart code is asked for once.
    const supek = page.locator('details[data-cluster="supek"]');
    await supek.locator('summary').click();
    await expect(supek.locator('[data-chart="supek-cpuh-cumulative"] .apexcharts-bar-area').first()).toBeVisible();
    expect(chartCode).toHaveLength(1);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(1);
    await screenshot(page, 'accounting-mine-390-opened-hr');
  });

  test('at a desk a cluster’s charts are open under its hours, and fold', async ({ page }) => {
    await loginAs(page, 'collab');
    await expectPath(page, '/ui/my-accounting');
    const supek = page.locator('details[data-cluster="supek"]');
    await expect(supek).toHaveAttribute('open');
    await expect(supek.locator('[data-chart="supek-cpuh-cumulative"] .apexcharts-bar-area').first()).toBeVisible();
    // The hours of the chosen project only, in the chosen period.
    const all = await supek.getByTestId('cluster-totals').textContent();
    await choose(page, 'accounting-project', new RegExp(`^${PROJECT}`));
    await expect(supek.getByTestId('cluster-totals')).not.toHaveText(all!);
    await page.getByRole('button', { name: 'EN', exact: true }).click();
    await expect(supek.getByTestId('cluster-totals')).toHaveText(/^Total in the period: \d{1,3}(,\d{3})* CPU hours/);
    await supek.locator('summary').click();
    await expect(supek).not.toHaveAttribute('open');
    await expect(supek.locator('[data-chart="supek-cpuh-cumulative"]')).toBeHidden();
    await page.getByRole('button', { name: 'HR', exact: true }).click();
  });

  test('a user without usage sees the empty text', async ({ page }) => {
    await loginAs(page, 'newbie');
    await page.goto('/ui/my-accounting');
    await expect(page.getByTestId('accounting-empty')).toHaveText('Nema zabilježenog iskorištenja resursa');
    await screenshot(page, 'accounting-empty-hr');
    await expectNoSeriousAxe(page);
  });
});

test('staff see a compact usage summary of the project they process', async ({ page }) => {
  await loginAs(page, 'staff');
  await page.goto('/ui/projects/IP-2022-10-1234');
  const summary = page.getByTestId('usage-summary');
  await expect(summary.getByRole('heading', { name: 'Potrošnja resursa projekta' })).toBeVisible();
  const supek = summary.locator('tr[data-cluster="supek"] td');
  await expect(supek.first()).toHaveText('Supek');
  // CPU hours so far, formatted the Croatian way (thousands with a dot).
  await expect(supek.nth(1)).toHaveText(/^\d{1,3}(\.\d{3})+$/);
  await screenshot(page, 'accounting-staff-summary-hr');
});
