/**
 * Jest: unit and API tests under tests/ in Node, component tests under tests/component in jsdom
 * (the browser tests are Playwright's). Tests that need a PostgreSQL server — several server
 * processes on one database, which the single-process embedded database cannot be — are named
 * `*.pg.test.ts` and collected only when DATABASE_URL names a server.
 */
const onPostgres = Boolean(process.env.DATABASE_URL);
/*
 * JEST_DATABASE_ONLY=1 (CI's second pass, on the PostgreSQL server): only the tests that reach a
 * database through DATABASE_URL — the pure schema-runtime and client unit tests and the component
 * tests ran in the first pass and touch no database, and the command-line tests of `usage-import`
 * and `outbox`, the demo start of `server-start` and the test databases' own test always run on
 * an embedded database of their own.
 */
const embeddedOnly = [
  '/tests/unit/schema-runtime/',
  '/tests/unit/client/',
  // The built client's first screens (tests/build/): no database, and CI's PostgreSQL pass starts before the build.
  '/tests/build/',
  '/tests/api/usage-import\\.test\\.ts$',
  '/tests/server/outbox-command\\.test\\.ts$',
  '/tests/api/server-start\\.test\\.ts$',
  // The embedded test databases' own test.
  '/tests/server/test-databases\\.test\\.ts$',
];
const databaseOnly = Boolean(process.env.JEST_DATABASE_ONLY);

const transform = {
  '^.+\\.(t|j)sx?$': [
    '@swc/jest',
    {
      jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } }, target: 'es2022' },
      module: { type: 'commonjs' },
    },
  ],
};
const transformIgnorePatterns = ['/node_modules/(?!(@x0k|lodash-es|content-disposition|cookie|csv-stringify)/)'];
/** The import aliases of tsconfig.json `paths`. */
const aliases = {
  // A part of a language's texts (src/client/i18n/text-parts.ts) is cut by the build; tests get the whole file.
  '^(.+\\.json)\\?part=\\w+$': '$1',
  '^@/(.*)$': '<rootDir>/src/$1',
  '^@generated$': '<rootDir>/generated',
  '^@generated/(.*)$': '<rootDir>/generated/$1',
};

/** @type {import('jest').Config} */
module.exports = {
  projects: [
    {
      displayName: 'node',
      testEnvironment: 'node',
      roots: ['<rootDir>/tests'],
      testMatch: ['**/*.test.ts', '**/*.test.tsx'],
      testPathIgnorePatterns: [
        '/node_modules/',
        '/tests/e2e/',
        '/tests/component/',
        ...(onPostgres ? [] : ['\\.pg\\.test\\.ts$']),
        ...(databaseOnly ? embeddedOnly : []),
      ],
      // Closes what a file kept for its next test (the embedded engines of harness/embedded-pool.ts).
      setupFilesAfterEnv: ['<rootDir>/tests/support/jest-node-setup.ts'],
      moduleNameMapper: aliases,
      transform,
      transformIgnorePatterns,
    },
    ...(databaseOnly
      ? []
      : [
        {
          displayName: 'component',
          testEnvironment: '<rootDir>/tests/component/support/jsdom-environment.cjs',
          roots: ['<rootDir>/tests/component'],
          testMatch: ['**/*.test.tsx'],
          setupFilesAfterEnv: ['<rootDir>/tests/component/support/setup.ts'],
          // Styles and images first: an aliased stylesheet is stubbed like any other.
          moduleNameMapper: { '\\.(css|svg)$': '<rootDir>/tests/component/support/asset-stub.cjs', ...aliases },
          transform,
          transformIgnorePatterns,
        },
        ]),
  ],
  testTimeout: 60000,
  maxWorkers: 2,
  // Each file's time and the time per folder after the run (tests/support/reporters/).
  reporters: ['default', '<rootDir>/tests/support/reporters/jest-suite-times.cjs'],
  // The seeded template databases made on a PostgreSQL server are dropped after the run.
  globalTeardown: '<rootDir>/tests/support/drop-server-templates.cjs',
};
