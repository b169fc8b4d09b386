import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { format } from 'date-fns';
import { SOURCE_SSH_KEYS } from '../../../scripts/lib/current-source';

/**
 * What tests/e2e/start-imported-server.ts imports from a small source in the current portal's
 * schema, and what the browser test expects to see of it. The month of the codes is fixed once,
 * here, and handed to the portal's process, so both agree even across midnight at a month's end.
 */
const month = process.env.E2E_IMPORTED_MONTH ?? format(new Date(), 'yyyy-MM');

export const IMPORTED = {
  month,
  /** A local account of the current portal: it signs in with its old Django password. */
  username: 'sara.tomic@irb.hr',
  password: 'stara-lozinka-2019',
  firstName: 'Sara',
  lastName: 'Tomić',
  /** Approved, practical, led by the user, with a collaborator. */
  project: { code: `NR-${month}-041`, name: 'Vježbe iz paralelnog programiranja na Supeku' },
  /** A denied request of the user: in my requests, not in the memberships. */
  denied: { code: `NR-${month}-042`, name: 'Simulacije turbulentnog strujanja u cijevima' },
  collaborator: 'luka.radic@irb.hr',
  /**
   * The user's two keys with the fingerprints `ssh-keygen -l -E md5` prints for them. The source
   * stores a wrong fingerprint for the second (`staleFingerprint`): the page can show the right
   * one only if the import computed it.
   */
  keys: [SOURCE_SSH_KEYS[0], SOURCE_SSH_KEYS[2]],
  staleFingerprint: SOURCE_SSH_KEYS[1].fingerprint,
};

export interface ImportedPortal {
  baseURL: string;
  stop(): Promise<void>;
}

const root = path.resolve(__dirname, '..', '..', '..');

/**
 * Starts tests/e2e/start-imported-server.ts (fresh database, demo data, then the import) on
 * `port` and resolves once it answers. The client must already be built (the main webServer
 * entry builds it).
 */
export async function startImportedPortal(port: number): Promise<ImportedPortal> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'tests/e2e/start-imported-server.ts')], {
    cwd: root,
    env: { ...process.env, E2E_IMPORTED_PORT: String(port), E2E_IMPORTED_MONTH: month },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  };
  const baseURL = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the portal with the imported data exited with ${child.exitCode}`);
    if (await fetch(`${baseURL}/api/v1/sessionactive`).then((r) => r.ok, () => false)) return { baseURL, stop };
    if (Date.now() > deadline) {
      await stop();
      throw new Error('the portal with the imported data did not start within 120 s');
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
