/**
 * Jest's global teardown: with DATABASE_URL set, drops the template databases (migrated and seeded) the server
 * tests made on that PostgreSQL server (harness/test-database.ts), so a run leaves the server
 * as it found it. The test databases themselves are dropped by their tests.
 */
const pg = require('pg');

const PREFIX = 'portal_test_tpl_';

module.exports = async function dropServerTemplates() {
  if (!process.env.DATABASE_URL) return;
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    const { rows } = await client.query('SELECT datname FROM pg_database WHERE starts_with(datname, $1)', [PREFIX]);
    for (const { datname } of rows) await client.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
  } finally {
    await client.end();
  }
};
