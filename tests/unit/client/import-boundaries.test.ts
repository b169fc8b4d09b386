import path from 'node:path';
import { ESLint } from 'eslint';

const root = path.resolve(__dirname, '../../..');

/** The project's lint messages for `code` as if it were the file at `file` (relative to the root). */
async function lintAs(file: string, code: string, rule = 'boundaries/zones'): Promise<string[]> {
  const eslint = new ESLint({ cwd: root });
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result.messages.filter((message) => message.ruleId === rule).map((message) => message.message);
}

describe('import boundaries of the client', () => {
  it('refuses a feature importing from the app, however the path is spelled', async () => {
    const code = [
      "import { mayOpenPath } from '../../app/route-access';",
      "import { pageRoutes } from '@/client/app/routes';",
      'export const both = [mayOpenPath, pageRoutes];',
      '',
    ].join('\n');
    const messages = await lintAs('src/client/features/auth/boundary-fixture.ts', code);
    expect(messages).toHaveLength(2);
    expect(messages[0]).toMatch(/feature imports neither the app nor another feature/);
  });

  it('refuses a feature importing another feature, and lets it import its own files', async () => {
    const code = [
      "import { LoginForm } from '../auth/login-form';",
      "import { rowsOf } from './rule-rows';",
      "import { ProjectReadiness } from '../../engine/readiness/project-readiness';",
      'export const all = [LoginForm, rowsOf, ProjectReadiness];',
      '',
    ].join('\n');
    const messages = await lintAs('src/client/features/rules/boundary-fixture.ts', code);
    expect(messages).toHaveLength(1);
  });

  it('refuses engine/ and shared/ importing features, the API or the app', async () => {
    const code = [
      "import { api } from '../api/api-slice';",
      "import { pageRoutes } from '../app/routes';",
      "import { LoginForm } from '@/client/features/auth/login-form';",
      'export const all = [api, pageRoutes, LoginForm];',
      '',
    ].join('\n');
    expect(await lintAs('src/client/shared/boundary-fixture.ts', code)).toHaveLength(3);
    expect(await lintAs('src/client/engine/boundary-fixture.ts', code)).toHaveLength(3);
  });

  it('lets the app import features', async () => {
    const code = "import { LoginForm } from '../features/auth/login-form';\nexport const form = LoginForm;\n";
    expect(await lintAs('src/client/app/boundary-fixture.ts', code)).toEqual([]);
  });
});

describe('import boundaries of the server and the quick tests', () => {
  it('refuses the server importing the client, however the path is spelled', async () => {
    const code = [
      "import { schemas } from '../../client/shared/schema-set';",
      "import { api } from '@/client/api/api-slice';",
      "import { paths } from '../../schema-runtime/pages';",
      'export const all = [schemas, api, paths];',
      '',
    ].join('\n');
    const messages = await lintAs('src/server/users/boundary-fixture.ts', code);
    expect(messages).toHaveLength(2);
    expect(messages[0]).toMatch(/server never imports the client/);
  });

  it('refuses a room importing a plugin or a route, and lets routes import both', async () => {
    const code = [
      "import { currentUser } from '../plugins/auth';",
      "import { registerKeyRoutes } from '@/server/routes/keys';",
      "import { cookieNames } from '../sessions/session-cookies';",
      'export const all = [currentUser, registerKeyRoutes, cookieNames];',
      '',
    ].join('\n');
    for (const room of ['saml', 'projects', 'a-room-added-later']) {
      const messages = await lintAs(`src/server/${room}/boundary-fixture.ts`, code);
      expect(messages).toEqual([expect.stringMatching(/never imports plugins\/ or routes\//), expect.stringMatching(/never imports plugins\/ or routes\//)]);
    }
    expect(await lintAs('src/server/routes/boundary-fixture.ts', code)).toEqual([]);
  });

  it('refuses a table named outside a room\'s queries and db/: a query builder, sql.table, SQL text, the table types', async () => {
    const code = [
      "import { sql } from 'kysely';",
      "import type { Db } from '@/server/db/handle';",
      "import type { UsersTable } from '@/server/db/tables';",
      "import type { GrantWarningsTable } from '../db/tables-grants';",
      'export type T = UsersTable | GrantWarningsTable;',
      "export const byName = (db: Db, name: string) => db.selectFrom('users').selectAll().where('username', '=', name).execute();",
      "export const drop = (db: Db) => db.deleteFrom('sessions').execute();",
      "export const anyTable = (table: string) => sql`SELECT 1 FROM ${sql.table(table)}`;",
      'export const keys = sql`(SELECT count(*) FROM ssh_keys WHERE user_id = u.id)`;',
      "export const fine = sql`extract(epoch from now())`;",
      '',
    ].join('\n');
    const refused = await lintAs('src/server/users/boundary-fixture.ts', code, 'boundaries/tables');
    expect(refused).toEqual([
      expect.stringMatching(/imports the table types/),
      expect.stringMatching(/imports the table types/),
      ...Array(4).fill(expect.stringMatching(/Only a room's queries.ts \(and db\/\) names the tables/)),
    ]);
    for (const allowed of ['src/server/users/queries.ts', 'src/server/projects/queries-impact.ts', 'src/server/db/boundary-fixture.ts', 'tests/api/boundary-fixture.test.ts'])
      expect(await lintAs(allowed, code, 'boundaries/tables')).toEqual([]);
  });

  it('refuses db/ importing a room, a route or a plugin', async () => {
    const code = [
      "import { membersOf } from '@/server/memberships/queries';",
      "import { registerKeyRoutes } from '../routes/keys';",
      "import { currentUser } from '../plugins/auth';",
      "import { sortKey } from './sort-key-sql';",
      'export const all = [membersOf, registerKeyRoutes, currentUser, sortKey];',
      '',
    ].join('\n');
    expect(await lintAs('src/server/db/boundary-fixture.ts', code)).toEqual(Array(3).fill(expect.stringMatching(/db\/ imports nothing else of the server/)));
  });

  it('refuses a room importing Fastify, and lets a plugin import it', async () => {
    const code = ["import type { FastifyReply } from 'fastify';", "import cookie from '@fastify/cookie';", 'export type R = FastifyReply;', 'export const c = cookie;', ''].join('\n');
    const messages = await lintAs('src/server/saml/boundary-fixture.ts', code, 'no-restricted-imports');
    expect(messages).toEqual([expect.stringMatching(/room imports no Fastify/), expect.stringMatching(/room imports no Fastify/)]);
    expect(await lintAs('src/server/plugins/boundary-fixture.ts', code, 'no-restricted-imports')).toEqual([]);
  });

  it('refuses a relative import climbing more than one folder in src/, and lets the alias and a parent through', async () => {
    const code = [
      "import { tables } from '../../db/tables';",
      "import { paths } from '../../../schema-runtime/pages';",
      "import type { User } from '@generated';",
      "import { tablesToo } from '@/server/db/tables';",
      "import { ApiError } from '../errors';",
      'export type U = User;',
      'export const all = [tables, paths, tablesToo, ApiError];',
      '',
    ].join('\n');
    for (const file of ['src/server/projects/boundary-fixture.ts', 'src/server/routes/boundary-fixture.ts', 'src/client/features/auth/boundary-fixture.ts']) {
      const messages = await lintAs(file, code, 'no-restricted-imports');
      expect(messages).toEqual([expect.stringMatching(/Climb at most one folder/), expect.stringMatching(/Climb at most one folder/)]);
    }
  });

  it('refuses a quick test starting a database or a server', async () => {
    const code = [
      "import { startTestApp } from '../../../harness/test-app';",
      "import { createTestDatabase } from '../../../harness/test-database';",
      "import { openDatabase } from '../../../src/server/db/database';",
      "import { loadSchemaSet } from '../../../src/schema-runtime/node';",
      'export const all = [startTestApp, createTestDatabase, openDatabase, loadSchemaSet];',
      '',
    ].join('\n');
    const inUnit = await lintAs('tests/unit/server/boundary-fixture.test.ts', code);
    expect(inUnit).toHaveLength(3);
    expect(inUnit[0]).toMatch(/tests\/unit\/ holds the tests that need no database and no server/);
    const oneUp = code.replaceAll("'../../../", "'../../");
    expect(await lintAs('tests/component/boundary-fixture.test.tsx', oneUp)).toHaveLength(3);
    expect(await lintAs('tests/server/boundary-fixture.test.ts', oneUp)).toEqual([]);
  });

  it('refuses a script importing a test, the harness importing a test or a script, and the portal importing any', async () => {
    const fromScripts = [
      "import { loginAs } from '../../tests/e2e/helpers/portal';",
      "import { startTestApp } from '../../harness/test-app';",
      'export const all = [loginAs, startTestApp];',
      '',
    ].join('\n');
    expect(await lintAs('scripts/bench/boundary-fixture.ts', fromScripts)).toEqual([expect.stringMatching(/Scripts and benchmarks never import tests\//)]);
    const fromHarness = ["import { fill } from '../scripts/bench/lib/bench-portal';", "import { smtpSink } from '../tests/support/smtp-sink';", 'export const all = [fill, smtpSink];', ''].join('\n');
    expect(await lintAs('harness/boundary-fixture.ts', fromHarness)).toEqual([expect.stringMatching(/harness\/ serves the tests/), expect.stringMatching(/harness\/ serves the tests/)]);
    const fromSrc = ["import { startTestApp } from '../../../harness/test-app';", "import { fill } from '../../../scripts/bench/lib/bench-portal';", 'export const all = [startTestApp, fill];', ''].join('\n');
    expect(await lintAs('src/server/users/boundary-fixture.ts', fromSrc)).toEqual([expect.stringMatching(/portal imports no test/), expect.stringMatching(/portal imports no test/)]);
  });
});
