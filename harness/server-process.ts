import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { resolve } from 'node:path';

const ROOT = resolve(__dirname, '..');

/** A portal started as its own process from the server entry (src/server/server.ts). */
export interface ServerProcess {
  port: number;
  url: string;
  /** Everything the process wrote, for a failing test's message. */
  output(): string;
  /** SIGTERM (graceful shutdown) and wait for the exit; resolves with the exit code. */
  stop(): Promise<number | null>;
}

/**
 * How long a started process may take to answer /healthz. It loads the server's TypeScript through
 * tsx first; in CI two of them start while the browser tests and another jest pass hold both cores,
 * and a start that takes 5 s on an idle machine took more than 40 s there.
 */
export const SERVER_START_MS = 120_000;

/** Waits until GET /healthz answers 200. */
async function waitHealthy(url: string, child: ChildProcess, output: () => string, timeoutMs = SERVER_START_MS): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output()}`);
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server on ${url} not healthy after ${timeoutMs} ms:\n${output()}`);
}

/** Starts `npm start`'s server entry (without the client build) on `port` with `env` added. */
export async function startServerProcess(port: number, env: Record<string, string>): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/server.ts'], {
    cwd: ROOT,
    env: { ...process.env, NODE_OPTIONS: '', NODE_ENV: 'test', DEMO: 'false', HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'warn', CLIENT_DIR: '/nonexistent', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  child.stdout?.on('data', (d: Buffer) => (text += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (text += d.toString()));
  const exited = new Promise<number | null>((resolveExit) => child.once('exit', (code) => resolveExit(code)));
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitHealthy(url, child, () => text);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return {
    port,
    url,
    output: () => text,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}

/** A port nobody listens on right now. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Set-cookie headers of a fetch answer as a Cookie header. */
export const cookieHeader = (res: Response): string =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');

/** Signs a demo user in on `url` through the real endpoint (password = username); the session's cookies and CSRF token. */
export async function signInOverHttp(url: string, username: string): Promise<{ cookie: string; csrf: string }> {
  const anon = await fetch(`${url}/api/v1/sessionactive`);
  const csrf = ((await anon.json()) as { csrftoken: string }).csrftoken;
  const res = await fetch(`${url}/auth/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: cookieHeader(anon), 'x-csrftoken': csrf },
    body: JSON.stringify({ username, password: username }),
  });
  if (res.status !== 200) throw new Error(`login ${username}: ${res.status} ${await res.text()}`);
  const cookie = cookieHeader(res);
  const session = (await (await fetch(`${url}/api/v1/sessionactive`, { headers: { cookie } })).json()) as { csrftoken: string };
  return { cookie, csrf: session.csrftoken };
}
