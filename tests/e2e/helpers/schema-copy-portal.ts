import { spawn } from 'node:child_process';
import path from 'node:path';
import { test } from '@playwright/test';
import { copySchemas } from '../../../harness/schema-copy';

/**
 * Starts a second portal (tests/e2e/start-server.ts: fresh database, demo data, the built client)
 * on `port` with SCHEMAS_DIR set to an edited schema copy, and resolves once it answers; the
 * returned function stops it (its own process group, so the server npx starts stops too).
 */
export async function startPortalOnSchemas(port: number, schemasDir: string): Promise<() => void> {
  const portal = spawn('npx', ['tsx', 'tests/e2e/start-server.ts'], {
    cwd: path.resolve(__dirname, '..', '..', '..'),
    env: { ...process.env, E2E_PORT: String(port), SCHEMAS_DIR: schemasDir },
    stdio: 'ignore',
    detached: true,
  });
  const stop = () => {
    if (portal.pid) process.kill(-portal.pid, 'SIGTERM');
  };
  const exited = new Promise<never>((_, reject) => portal.on('exit', (code) => reject(new Error(`the portal on the schema copy exited (${code})`))));
  for (let waited = 0; ; waited += 1000) {
    const up = await fetch(`http://127.0.0.1:${port}/api/v1/sessionactive`).then((r) => r.ok, () => false);
    if (up) return stop;
    if (waited > 150_000) {
      stop();
      throw new Error('the portal on the schema copy did not start');
    }
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 1000))]);
  }
}

/**
 * A spec file's own portal on a copy of schemas/ (at E2E_PORT + `offset`): the file's tests run
 * in order against it, and the portal and the copy go when they are done. Call at the top of the
 * file; `copy.edit` changes the schemas the portal serves.
 */
export function useSchemaCopyPortal(offset: number): { copy: ReturnType<typeof copySchemas>; port: number } {
  const port = Number(process.env.E2E_PORT ?? 8123) + offset;
  const copy = copySchemas();
  let stopPortal: (() => void) | undefined;
  test.describe.configure({ mode: 'serial' });
  test.use({ baseURL: `http://127.0.0.1:${port}` });
  test.beforeAll(async () => {
    test.setTimeout(180_000);
    stopPortal = await startPortalOnSchemas(port, copy.dir);
  });
  test.afterAll(() => {
    stopPortal?.();
    copy.remove();
  });
  return { copy, port };
}
