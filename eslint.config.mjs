// Lint: typescript-eslint's recommended rules and the import boundaries (bulletproof-react). The
// boundaries name folders, so an import is judged by where it lands, however it is spelled (`../`,
// `../../app/…` or the `@/` alias): code flows shared → features → app; a feature imports no other
// feature and not the app; engine/ and shared/ import no feature, no API and not the app; the schema
// runtime imports neither the client nor the server, nor React or Fastify. On the server, db/
// (tables, vocabularies, migrations) sits below the rooms (one folder per aggregate: projects/,
// memberships/, users/, sessions/…) and routes/, the rooms below plugins/ and routes/, the rooms
// import no Fastify, and nothing imports the client; in src/ a relative import climbs at most
// one folder (the @/ alias names the rest). The quick tests (tests/unit, tests/component)
// start no database and no server.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const root = path.dirname(fileURLToPath(import.meta.url));

/** Import aliases of tsconfig.json `paths`, resolved the same way here. */
const aliases = [
  ['@generated', 'generated'],
  ['@/', 'src/'],
];

/** Where an import lands, relative to the repository root (forward slashes); null for packages. */
function landing(source, filename) {
  if (source.startsWith('.')) return path.relative(root, path.resolve(path.dirname(filename), source)).split(path.sep).join('/');
  for (const [alias, target] of aliases) {
    if (source === alias.replace(/\/$/, '') || source.startsWith(alias.endsWith('/') ? alias : `${alias}/`)) return target + source.slice(alias.length);
  }
  return null;
}

/**
 * The server's folders that are not rooms: the tables and migrations below them, the HTTP edge
 * above them (plugins, routes, the OpenAPI document), and what starts or seeds a portal. Every
 * other folder of src/server is a room: an aggregate's queries, entity, services and mails.
 */
const SERVER_EDGES = ['db', 'plugins', 'routes', 'openapi', 'demo', 'i18n', 'mail-templates'].map((name) => `src/server/${name}`);

const inside = (file, folder) => file === folder || file.startsWith(`${folder}/`);

/**
 * The zones: for a file under `target`, imports that land under one of `from` are refused.
 * `target` may hold `*` for one folder name, and `except` names folders it does not cover; `from`
 * may say `other:` for the same level's siblings.
 */
const zones = [
  {
    target: 'src/client/features/*',
    from: ['src/client/app', 'other:src/client/features'],
    message: 'A feature imports neither the app nor another feature: let the app pass in what it needs, or move what both need to engine/ or shared/.',
  },
  {
    target: 'src/client/engine',
    from: ['src/client/features', 'src/client/api', 'src/client/app'],
    message: 'engine/ never imports features/, api/ or app/: pass what it needs in from the app.',
  },
  {
    target: 'src/client/shared',
    from: ['src/client/features', 'src/client/api', 'src/client/app'],
    message: 'shared/ never imports features/, api/ or app/: pass what it needs in from the app.',
  },
  {
    target: 'src/client/api',
    from: ['src/client/features', 'src/client/app'],
    message: 'api/ never imports features/ or app/.',
  },
  {
    target: 'src/schema-runtime',
    from: ['src/client', 'src/server'],
    message: 'The schema runtime imports neither the client nor the server.',
  },
  {
    target: 'src/server/db',
    from: ['other:src/server'],
    message: 'db/ imports nothing else of the server (no room, no route, no plugin): code that needs both (the demo seed) lives above them.',
  },
  {
    target: 'src/server',
    from: ['src/client'],
    message: 'The server never imports the client: what both need (the page list, the rules) lives in src/schema-runtime/.',
  },
  {
    target: 'src/server/*',
    except: SERVER_EDGES,
    from: ['src/server/plugins', 'src/server/routes'],
    message: 'A room (projects/, users/, sessions/…) never imports plugins/ or routes/: a plugin or a route calls a service, not the other way round.',
  },
  {
    target: 'src',
    from: ['tests', 'harness', 'scripts'],
    message: 'The portal imports no test, harness or script: they import it.',
  },
  {
    target: 'scripts',
    from: ['tests'],
    message: 'Scripts and benchmarks never import tests/: what both need (a test portal, a test database, Chromium, the SAML stand-in login) lives in harness/.',
  },
  {
    target: 'harness',
    from: ['tests', 'scripts'],
    message: 'harness/ serves the tests and the benchmarks and imports neither: move what it needs into harness/.',
  },
  ...['tests/unit', 'tests/component'].map((target) => ({
    target,
    from: ['harness/test-database', 'harness/test-app', 'harness/server-process', 'harness/saml', 'harness/e2e-portal', 'tests/support/demo-app', 'tests/support/smtp-sink', 'src/server/db/database'],
    message: `${target}/ holds the tests that need no database and no server (npm run test:quick): a test that starts one belongs in tests/api/ or tests/server/.`,
  })),
];

/** The folder a zone's target names for this file (its `*` filled in), or null when the file is outside. */
function targetFolder(target, file) {
  const parts = target.split('/');
  const fileParts = file.split('/');
  if (fileParts.length <= parts.length) return null;
  for (let i = 0; i < parts.length; i += 1) if (parts[i] !== '*' && parts[i] !== fileParts[i]) return null;
  return fileParts.slice(0, parts.length).join('/');
}

const zonesRule = {
  meta: { type: 'problem', schema: [], docs: { description: 'Imports run one way between the folders of src/.' } },
  create(context) {
    const file = path.relative(root, context.filename).split(path.sep).join('/');
    const mine = zones
      .map((zone) => ({ zone, folder: targetFolder(zone.target, file) }))
      .filter((entry) => entry.folder && !(entry.zone.except ?? []).includes(entry.folder));
    if (mine.length === 0) return {};
    const check = (node) => {
      if (!node || node.type !== 'Literal' || typeof node.value !== 'string') return;
      const to = landing(node.value, context.filename);
      if (to === null) return;
      for (const { zone, folder } of mine) {
        const refused = zone.from.some((from) =>
          from.startsWith('other:') ? inside(to, from.slice(6)) && !inside(to, folder) : inside(to, from),
        );
        if (refused) {
          context.report({ node, message: zone.message });
          return;
        }
      }
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
};

/**
 * The portal's tables: the keys of `Database` in db/tables.ts and every table a migration creates.
 * Read here so that a new table is guarded the day its migration lands.
 */
function tableNames() {
  const names = new Set();
  const tables = fs.readFileSync(path.join(root, 'src/server/db/tables.ts'), 'utf8');
  const body = tables.slice(tables.indexOf('export interface Database {'));
  for (const m of body.slice(0, body.indexOf('\n}')).matchAll(/^\s+([a-z_]+):/gm)) names.add(m[1]);
  const migrations = path.join(root, 'src/server/db/migrations');
  for (const file of fs.readdirSync(migrations)) {
    const text = fs.readFileSync(path.join(migrations, file), 'utf8');
    for (const m of text.matchAll(/createTable\('([a-z_]+)'|CREATE (?:UNLOGGED )?TABLE (?:IF NOT EXISTS )?([a-z_]+)/gi)) names.add(m[1] ?? m[2]);
  }
  return [...names];
}

const QUERY_METHODS = new Set(['selectFrom', 'insertInto', 'updateTable', 'deleteFrom', 'mergeInto', 'replaceInto']);

/**
 * A room's queries.ts (with its `queries-<topic>.ts` when one file would be too long) is the only
 * module of the server that names its tables (Kysely's
 * `user.repository.ts`): no query builder, `sql.table`, SQL text naming a table or import of the
 * table types anywhere else in src/server but db/ (the tables, migrations and triggers). A service
 * asks its room's queries, or another room's, by what it wants to know.
 */
const tablesRule = {
  meta: { type: 'problem', schema: [], docs: { description: 'Tables are named only in a room\'s queries.ts and in db/.' } },
  create(context) {
    const file = path.relative(root, context.filename).split(path.sep).join('/');
    if (!inside(file, 'src/server') || inside(file, 'src/server/db') || /^queries(-[a-z-]+)?\.ts$/.test(path.basename(file))) return {};
    const names = tableNames();
    const inText = new RegExp(`\\b(from|join|into|update|table)\\s+"?(${names.join('|')})\\b`, 'i');
    const message = 'Only a room\'s queries.ts (and db/) names the tables: ask the room\'s queries, or add the question there.';
    const isSql = (tag) => (tag.type === 'Identifier' && tag.name === 'sql') || (tag.type === 'MemberExpression' && tag.object.type === 'Identifier' && tag.object.name === 'sql');
    return {
      CallExpression(node) {
        const callee = node.callee;
        if (callee.type !== 'MemberExpression' || callee.property.type !== 'Identifier') return;
        const name = callee.property.name;
        const onSql = callee.object.type === 'Identifier' && callee.object.name === 'sql';
        if (QUERY_METHODS.has(name) || (onSql && name === 'table')) context.report({ node: callee.property, message });
      },
      TaggedTemplateExpression(node) {
        if (isSql(node.tag) && node.quasi.quasis.some((q) => inText.test(q.value.raw))) context.report({ node, message });
      },
      ImportDeclaration(node) {
        const to = landing(node.source.value, context.filename);
        if (to !== null && /^src\/server\/db\/tables(-[a-z]+)?$/.test(to)) context.report({ node: node.source, message: 'Only a room\'s queries.ts (and db/) imports the table types: take a row type from the room\'s queries, and the database handle from db/handle.' });
      },
    };
  },
};

/**
 * Across folders of src/, an import names where it lands from the top (`@/server/db/tables`), as
 * bulletproof-react's absolute imports do: a relative path may reach its own folder or its parent,
 * never climb further.
 */
const deepRelative = {
  regex: '^\\.\\./\\.\\./',
  message: 'Climb at most one folder: import from further away with the @/ alias (@/server/…, @/schema-runtime/…, @generated).',
};

export default tseslint.config(
  { ignores: ['generated/**', 'dist/**', 'node_modules/**', 'tests/e2e/test-results/**', '**/*.js', '**/*.cjs', '**/*.mjs'] },
  ...tseslint.configs.recommended,
  {
    rules: {
      // Schemas are untyped JSON: tests and the schema runtime walk them as `any` on purpose.
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    // The hook rules the client's code already follows (its disable comments name them).
    files: ['src/client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'tests/**/*.{ts,tsx}', 'scripts/**/*.ts', 'harness/**/*.ts'],
    plugins: { boundaries: { rules: { zones: zonesRule, tables: tablesRule } } },
    rules: { 'boundaries/zones': 'error', 'boundaries/tables': 'error' },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [deepRelative] }] },
  },
  {
    // A room's service is called by a plugin or a route and knows nothing of HTTP: what reads a request or
    // writes a reply (cookies, list answers) is a plugin (src/server/plugins/).
    files: ['src/server/*/**/*.ts'],
    ignores: SERVER_EDGES.map((edge) => `${edge}/**`),
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          deepRelative,
          { regex: '^(fastify|@fastify/.*)(/.*)?$', message: 'A room imports no Fastify: read the request and write the reply in a plugin or a route, and pass the service what it needs.' },
        ],
      }],
    },
  },
  {
    files: ['src/schema-runtime/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          deepRelative,
          { regex: '^(react|react-dom|fastify|@fastify/.*)(/.*)?$', message: 'The schema runtime runs in the server, the browser and the QA tool: no React, no Fastify.' },
        ],
      }],
    },
  },
);
