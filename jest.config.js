/**
 * Jest: unit and API tests under tests/ (the browser tests are Playwright's). Tests that need a
 * PostgreSQL server — several server processes on one database, which the single-process embedded
 * database cannot be — are named `*.pg.test.ts` and collected only when DATABASE_URL names a server.
 */
const onPostgres = Boolean(process.env.DATABASE_URL);

/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/tests'],
  testMatch: ['**/*.test.ts', '**/*.test.tsx'],
  testPathIgnorePatterns: ['/node_modules/', '/tests/e2e/', ...(onPostgres ? [] : ['\\.pg\\.test\\.ts$'])],
  transform: {
    '^.+\\.(t|j)sx?$': [
      '@swc/jest',
      {
        jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } }, target: 'es2022' },
        module: { type: 'commonjs' },
      },
    ],
  },
  transformIgnorePatterns: ['/node_modules/(?!(@x0k|lodash-es|content-disposition|cookie)/)'],
  testTimeout: 60000,
  maxWorkers: 2,
};
