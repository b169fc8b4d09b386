/**
 * Jest: unit and API tests under tests/ in Node, component tests under tests/component in jsdom
 * (the browser tests are Playwright's). Tests that need a PostgreSQL server — several server
 * processes on one database, which the single-process embedded database cannot be — are named
 * `*.pg.test.ts` and collected only when DATABASE_URL names a server.
 */
const onPostgres = Boolean(process.env.DATABASE_URL);

const transform = {
  '^.+\\.(t|j)sx?$': [
    '@swc/jest',
    {
      jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } }, target: 'es2022' },
      module: { type: 'commonjs' },
    },
  ],
};
const transformIgnorePatterns = ['/node_modules/(?!(@x0k|lodash-es|content-disposition|cookie)/)'];

/** @type {import('jest').Config} */
module.exports = {
  projects: [
    {
      displayName: 'node',
      testEnvironment: 'node',
      roots: ['<rootDir>/tests'],
      testMatch: ['**/*.test.ts', '**/*.test.tsx'],
      testPathIgnorePatterns: ['/node_modules/', '/tests/e2e/', '/tests/component/', ...(onPostgres ? [] : ['\\.pg\\.test\\.ts$'])],
      transform,
      transformIgnorePatterns,
    },
    {
      displayName: 'component',
      testEnvironment: '<rootDir>/tests/component/support/jsdom-environment.cjs',
      roots: ['<rootDir>/tests/component'],
      testMatch: ['**/*.test.tsx'],
      setupFilesAfterEnv: ['<rootDir>/tests/component/support/setup.ts'],
      moduleNameMapper: { '\\.(css|svg)$': '<rootDir>/tests/component/support/asset-stub.cjs' },
      transform,
      transformIgnorePatterns,
    },
  ],
  testTimeout: 60000,
  maxWorkers: 2,
};
