import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, testChromium } from '../../harness/chromium';

const port = Number(process.env.E2E_PORT ?? 8123);
const root = path.resolve(__dirname, '..', '..');
/**
 * Browser tests in Debian's Chromium (never a downloaded browser) against the real server with a
 * fresh database and the demo seed. The client is built first when its sources changed.
 */
export default defineConfig({
  testDir: __dirname,
  testMatch: /.*\.spec\.ts$/,
  outputDir: path.join(__dirname, 'test-results'),
  fullyParallel: false,
  workers: 2,
  retries: 0,
  // A CI machine runs the server tests on PostgreSQL beside these, and the pages answer more slowly
  // there: the same checks get twice the time to come true.
  timeout: process.env.CI ? 60_000 : 30_000,
  expect: { timeout: process.env.CI ? 15_000 : 7_500 },
  reporter: [['list'], [path.join(root, 'tests/support/reporters/playwright-spec-times.ts')]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    headless: true,
    locale: 'hr-HR',
    viewport: { width: 1366, height: 860 },
    // A trace records every action of every test to keep only a failing one's; CI keeps no output
    // folder, and recording took a third of the run there (decision 0440). A failure reads in the log.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: testChromium(),
      args: CHROMIUM_ARGS,
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: {
    command: 'npx tsx scripts/build-client.ts --if-stale && npx tsx tests/e2e/start-server.ts',
    cwd: root,
    url: `http://127.0.0.1:${port}/api/v1/sessionactive`,
    // NODE_ENV=test: the portal hashes the demo passwords at the test cost (src/server/users/passwords.ts).
    // RULES_EDITOR_GROUP: a group with no members, which changes nothing until rule-editors.spec.ts adds one.
    env: { E2E_PORT: String(port), NODE_ENV: 'test', RULES_EDITOR_GROUP: 'rules-editors' },
    // E2E_REUSE_SERVER=1 runs against a portal already listening on E2E_PORT (e.g. while debugging it).
    reuseExistingServer: process.env.E2E_REUSE_SERVER === '1',
    timeout: 180_000,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
