import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SERVER_START_MS, freePort, startServerProcess, type ServerProcess } from '../../harness/server-process';

/**
 * `npm start`'s server as a process of its own, in demo mode on a fresh embedded database: what
 * a person starting it sees in the terminal, and how it stops.
 */
describe('the server started as npm start starts it', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-start-'));
  let server: ServerProcess;

  beforeAll(async () => {
    server = await startServerProcess(await freePort(), { DEMO: 'true', DATABASE_URL: '', DATA_DIR: dataDir, LOG_LEVEL: 'info' });
  }, SERVER_START_MS + 30_000);
  afterAll(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('prints the ready banner with the demo accounts last, below every line the start logged', async () => {
    const until = Date.now() + 20_000;
    while (!server.output().includes('Demo accounts') && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
    // Whatever the start still had to log (the outbox's note about SMTP among it) has had its time.
    await new Promise((r) => setTimeout(r, 1000));
    const lines = server.output().trim().split('\n');
    expect(lines.some((line) => line.includes('SMTP_URL is not set'))).toBe(true);
    expect(lines.slice(-2)).toEqual([expect.stringMatching(/^The portal is ready: http:\/\/.+\/ui\/$/), 'Demo accounts (password = username): staff, admin, lead, collab, foreign, newbie']);
  });

  it('stops on SIGTERM through its graceful shutdown, with exit code 0', async () => {
    expect(await server.stop()).toBe(0);
    expect(server.output()).toContain('SIGTERM: shutting down');
  });
});
