import { expect, test } from '@playwright/test';

/**
 * The API reference page (`/api/docs`, swagger-ui) renders the portal's OpenAPI document in
 * Chromium under the portal's Content-Security-Policy, without signing in.
 */
test('the API reference page renders the operations of the OpenAPI document, with no CSP violation', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to (load|execute|apply|evaluate|connect|frame)/i.test(message.text())) violations.push(message.text());
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => console.error(`Refused to load: CSP ${e.violatedDirective} ${e.blockedURI}`));
  });
  const answer = await page.goto('/api/docs/');
  expect(answer?.status()).toBe(200);
  expect(answer?.headers()['content-security-policy'] ?? '').toContain("script-src 'self'");
  await expect(page.locator('.swagger-ui .info .title')).toContainText('portal API');
  await expect(page.locator('.swagger-ui .info .title')).toContainText('OAS 3.1');
  // An operation of each kind of caller: external (API key), internal and the operator's.
  await expect(page.locator('.opblock-summary-path[data-path="/api/v1/usersprojects"]')).toBeVisible();
  await expect(page.locator('.opblock-summary-path[data-path="/api/v1/internal/projects/{identifier}"]').first()).toBeVisible();
  await expect(page.locator('.opblock-summary-path[data-path="/healthz"]')).toBeVisible();
  // Every operation of the document is listed, under every tag (a page that stops drawing after a
  // tag shows no error of its own).
  const openApi = (await (await page.request.get('/api/docs/json')).json()) as { paths: Record<string, Record<string, { tags?: string[] }>> };
  const operations = Object.values(openApi.paths).flatMap((ops) => Object.values(ops));
  await expect(page.locator('.opblock')).toHaveCount(operations.length);
  await expect(page.locator('.opblock-tag')).toHaveCount(new Set(operations.flatMap((op) => op.tags ?? [])).size);
  // Opening one shows its parameters and the schema of its answer.
  await page.locator('.opblock-summary-path[data-path="/api/v1/accounting/projectsusers"]').click();
  const operation = page.locator('.opblock.is-open');
  await expect(operation.locator('.parameters').getByText('tags', { exact: true })).toBeVisible();
  await expect(operation.locator('.responses-wrapper')).toContainText('200');
  expect(violations).toEqual([]);
});
