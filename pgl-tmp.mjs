import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { readFileSync } from 'node:fs';
const tar = new Blob([readFileSync('/tmp/portal-test-seeded-b985712d35b87274.tar')]);
for (let i = 0; i < 3; i++) {
  let t = Date.now();
  const a = await PGlite.create({ dataDir: 'memory://', loadDataDir: tar, extensions: { pg_trgm } });
  const c = Date.now() - t; t = Date.now();
  await a.query('select count(*) from users');
  console.log('create', c, 'query', Date.now() - t);
  await a.close();
}
