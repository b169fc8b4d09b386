import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { startSmtpSink, type SinkMessage, type SmtpSink } from '../../support/smtp-sink';

/** A second portal whose mails really go out over SMTP, and the sink that receives them. */
export interface MailPortal {
  baseURL: string;
  sink: SmtpSink;
  stop(): Promise<void>;
}

const root = path.resolve(__dirname, '..', '..', '..');

async function waitUntilUp(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`mail portal exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`mail portal not up within ${timeoutMs} ms`);
}

/**
 * Starts an SMTP sink and tests/e2e/start-mail-server.ts pointed at it, on `port`. The client
 * must already be built (the main webServer entry builds it).
 */
export async function startMailPortal(port: number, options: { expiredInviteKey?: string } = {}): Promise<MailPortal> {
  const sink = await startSmtpSink();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'tests/e2e/start-mail-server.ts')], {
    cwd: root,
    env: {
      ...process.env,
      E2E_MAIL_PORT: String(port),
      E2E_SMTP_URL: sink.url,
      ...(options.expiredInviteKey ? { E2E_EXPIRED_INVITE_KEY: options.expiredInviteKey } : {}),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const baseURL = `http://127.0.0.1:${port}`;
  try {
    await waitUntilUp(`${baseURL}/api/v1/sessionactive`, child, 120_000);
  } catch (error) {
    child.kill('SIGTERM');
    await sink.close();
    throw error;
  }
  return {
    baseURL,
    sink,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      await sink.close();
    },
  };
}

/** The acceptance link in an invitation mail, as a path below the portal. */
export function invitationPath(message: SinkMessage): string {
  const match = /https?:\/\/[^/\s]+(\/ui\/login-email\/[a-z0-9]+(?:\/en)?)/.exec(message.body);
  if (!match) throw new Error(`no invitation link in: ${message.body}`);
  return match[1];
}
