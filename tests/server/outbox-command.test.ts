import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '../../src/server/db/tables';
import { OutboxCommandError, parseOutboxArgs, runOutbox } from '../../scripts/outbox';
import { migratedDataDir, openTestDatabase } from '../../harness/test-database';

let db: Kysely<Database>;
let close: () => Promise<void>;
let inviteId: number;

beforeAll(async () => {
  ({ db, close } = await openTestDatabase());
  await db
    .insertInto('outbox')
    .values({ kind: 'request-approved', to_addr: 'lead@example.org', from_addr: 'Portal <portal@example.org>', subject: 'Approved', body: 'Your request was approved.', created_at: new Date('2026-01-05T08:00:00Z') })
    .execute();
  inviteId = (
    await db
      .insertInto('outbox')
      .values({
        kind: 'invite',
        to_addr: 'student@example.org',
        cc_addr: 'lead@example.org',
        from_addr: 'Portal <portal@example.org>',
        subject: 'Invitation to project "Course"',
        body: 'Dear student,\nopen https://portal.example.org/ui/login-email/abc to join.',
        created_at: new Date('2026-01-06T09:30:00Z'),
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
});
afterAll(() => close());

/** Runs the command as an operator would, with `env` added; its exit code and output. */
function runScript(args: string[], env: Record<string, string>) {
  const { DATABASE_URL: _unused, ...rest } = process.env;
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/outbox.ts', ...args], { env: { ...rest, NODE_OPTIONS: '', ...env }, encoding: 'utf8', timeout: 120_000 });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('npm run outbox', () => {
  it('lists the newest mail first with id, when, kind, recipient and subject', async () => {
    const lines = await runOutbox(db, parseOutboxArgs(['list']));
    expect(lines[0]).toMatch(/id\s+when\s+state\s+kind\s+to\s+subject/);
    expect(lines[1]).toContain(String(inviteId));
    expect(lines[1]).toContain('2026-01-06 09:30 UTC');
    expect(lines[1]).toMatch(/invite\s+student@example\.org\s+Invitation to project "Course"/);
    expect(lines[2]).toContain('request-approved');
    expect(await runOutbox(db, parseOutboxArgs(['list', '--limit', '1']))).toHaveLength(2);
  });

  it('shows one mail as plain text with its headers and the invitation link', async () => {
    const text = (await runOutbox(db, parseOutboxArgs(['show', String(inviteId)]))).join('\n');
    expect(text).toContain('From: Portal <portal@example.org>');
    expect(text).toContain('To: student@example.org');
    expect(text).toContain('Cc: lead@example.org');
    expect(text).toContain('Subject: Invitation to project "Course"');
    expect(text).toContain('State: waiting');
    expect(text).toMatch(/\n\nDear student,\nopen https:\/\/portal\.example\.org\/ui\/login-email\/abc to join\.$/);
  });

  it('refuses bad ids, options and commands with a clear message', async () => {
    const refused = (args: string[]) => {
      try {
        parseOutboxArgs(args);
      } catch (error) {
        expect(error).toBeInstanceOf(OutboxCommandError);
        return (error as Error).message;
      }
      throw new Error(`${args.join(' ')} was accepted`);
    };
    expect(refused(['show'])).toBe('show needs the id of a mail (see list)');
    expect(refused(['show', 'abc'])).toBe('the id of a mail must be a whole number from 1 to 2147483647, got "abc"');
    expect(refused(['show', '0'])).toContain('got "0"');
    expect(refused(['show', '99999999999'])).toContain('got "99999999999"');
    expect(refused(['list', '--limit', 'x'])).toContain('--limit must be a whole number');
    expect(refused(['list', '7'])).toContain('use show <id>');
    expect(refused(['send'])).toBe('unknown command "send"; use list or show');
    expect(refused(['list', '--all'])).toContain("'--all'");
    await expect(runOutbox(db, { name: 'show', id: 2_147_483_647 })).rejects.toThrow('no mail 2147483647 in the outbox (see list)');
    expect(await runOutbox(db, parseOutboxArgs([]))).toEqual([expect.stringContaining('npm run outbox -- list')]);
  });

  it('exits 2 on a bad command line, 1 on an unknown mail or an embedded database in use, 0 otherwise', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'outbox-command-'));
    try {
      await (await migratedDataDir(dir)).close();
      const bad = runScript(['show', 'abc'], { DATA_DIR: dir });
      expect(bad.code).toBe(2);
      expect(bad.stderr).toContain('outbox: the id of a mail must be a whole number');
      expect(bad.stderr).toContain('Usage:');

      const empty = runScript(['list'], { DATA_DIR: dir });
      expect(empty).toMatchObject({ code: 0, stdout: 'The outbox is empty.\n' });
      const missing = runScript(['show', '5'], { DATA_DIR: dir });
      expect(missing.code).toBe(1);
      expect(missing.stderr).toBe('outbox: no mail 5 in the outbox (see list)\n');

      // A running portal holds the embedded database: the command leaves it alone and says where to look.
      writeFileSync(join(dir, 'postmaster.pid'), '-42\n');
      const busy = runScript(['list'], { DATA_DIR: dir });
      expect(busy.code).toBe(1);
      expect(busy.stderr).toContain('/ui/outbox');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 240_000);
});
