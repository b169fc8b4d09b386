/**
 * The rules editor's budgets (issue 49), on a portal serving a copy of schemas/ live:
 * - a keystroke in the editor to its updated check: the edit sent (PUT …/file) and its quick checks
 *   answered, p95 ≤ 300 ms; the whole set check the page asks for when typing pauses is printed
 *   beside it (no budget: it runs after the pause, not per keystroke);
 * - publish to served in a second process on the same database ≤ 2 s (with DATABASE_URL: a server
 *   process of its own with a schema folder of its own; embedded: this process, which is all one
 *   embedded database serves);
 * - the impact of a limit change at 20,000 users and 5,000 projects ≤ 2 s; beside it, the impact of
 *   a draft removing a science field every one of those projects names, a domain and a cluster (no
 *   budget of its own: the worst case of the removals' queries, each project and its invitations read).
 * Prints figures; asserts nothing.
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { startTestApp } from '../../harness/test-app';
import { copySchemas } from '../../harness/schema-copy';
import { generalRequest } from '../../harness/request-payloads';
import { freePort, signInOverHttp, startServerProcess } from '../../harness/server-process';
import { draftImpact } from '../../src/server/schema-live/draft-impact';
import { runOnEachDatabase } from '../lib/bench-databases';
import { machineLoad, timingFigure } from './lib/figures';

const KEYSTROKES = 30;
const LIMITS = 'rules/resource-limits.json';

async function run(): Promise<void> {
  const copy = copySchemas();
  const other = copySchemas();
  const t = await startTestApp({ live: { dir: copy.dir } });
  let stopOther: (() => Promise<unknown>) | undefined;
  try {
    const admin = await t.login('admin');
    const send = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
      t.app.inject({ method, url, headers: { cookie: admin.cookie, 'x-csrftoken': admin.csrf }, ...(payload ? { payload } : {}) });
    const draft = (await send('POST', '/api/v1/internal/rule-drafts/')).json() as { id: number; files: Record<string, any> };
    const limits = draft.files[LIMITS];

    const keystrokes: number[] = [];
    for (let i = 0; i < KEYSTROKES; i += 1) {
      limits.properties.HPCnSlotsCPU.maximum = 6657 + i;
      const started = performance.now();
      const res = await send('PUT', `/api/v1/internal/rule-drafts/${draft.id}/file`, { file: LIMITS, doc: limits });
      if (res.statusCode !== 200) throw new Error(`edit answered ${res.statusCode}`);
      keystrokes.push(performance.now() - started);
    }
    const full: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      const started = performance.now();
      await send('GET', `/api/v1/internal/rule-drafts/${draft.id}/check`);
      full.push(performance.now() - started);
    }

    const maximum = limits.properties.HPCnSlotsCPU.maximum as number;
    const served = t.database.url ? await startServerProcess(await freePort(), { DATABASE_URL: t.database.url, SCHEMAS_DIR: other.dir, JOBS: 'false' }) : undefined;
    stopOther = served?.stop;
    const lead = served ? await signInOverHttp(served.url, 'lead') : await t.login('lead');
    const request = async () => {
      const body = generalRequest({ science_software: [], resources_numbers: { HPCnSlotsCPU: maximum } });
      if (!served) return (await t.app.inject({ method: 'POST', url: '/api/v1/internal/projects-general/', headers: { cookie: lead.cookie, 'x-csrftoken': lead.csrf }, payload: body })).statusCode;
      return (await fetch(`${served.url}/api/v1/internal/projects-general/`, { method: 'POST', headers: { 'content-type': 'application/json', cookie: lead.cookie, 'x-csrftoken': lead.csrf }, body: JSON.stringify(body) })).status;
    };
    const started = performance.now();
    const published = await send('POST', `/api/v1/internal/rule-drafts/${draft.id}/publish`, { note: 'bench', confirmImpact: true });
    if (published.statusCode !== 200) throw new Error(`publish answered ${published.statusCode} ${published.body}`);
    while ((await request()) !== 201) await new Promise((r) => setTimeout(r, 10));
    const publishToServed = performance.now() - started;

    // 20,000 users and 5,000 projects, a tenth of them pending, each asking for some CPU cores.
    await sql`INSERT INTO users (username) SELECT 'bench-' || i FROM generate_series(1, 20000) i ON CONFLICT DO NOTHING`.execute(t.ctx.db);
    const type = (await t.ctx.db.selectFrom('project_types').select('id').limit(1).executeTakeFirstOrThrow()).id;
    const submit = (await t.ctx.db.selectFrom('states').select('id').where('name', '=', 'submit').executeTakeFirstOrThrow()).id;
    const approve = (await t.ctx.db.selectFrom('states').select('id').where('name', '=', 'approve').executeTakeFirstOrThrow()).id;
    await sql`
      INSERT INTO projects (identifier, name, reason, state_id, project_type_id, date_start, date_end, resources_numbers)
      SELECT 'BENCH-' || i, 'Bench ' || i, 'Bench', CASE WHEN i % 10 = 0 THEN ${submit}::int ELSE ${approve}::int END, ${type}::int, '2026-01-01', '2026-12-31',
             jsonb_build_object('HPCnSlotsCPU', (i * 7) % 6000 + 1, 'HPCnSlotsGPU', i % 80 + 1)
      FROM generate_series(1, 5000) i`.execute(t.ctx.db);
    await sql`UPDATE projects SET science_field = ${JSON.stringify([{ name: { value: 'Prirodne znanosti' }, percent: 100, scientificfields: [{ name: { value: 'Fizika' }, percent: 100 }] }])}::jsonb WHERE identifier LIKE 'BENCH-%'`.execute(t.ctx.db);
    const lowered = structuredClone(t.ctx.live!.documents);
    const lowLimits = lowered.find((d) => d.$id.endsWith(`/${LIMITS}`)) as Record<string, any>;
    lowLimits.properties.HPCnSlotsCPU.maximum = 3000;
    const impact: number[] = [];
    let affected = 0;
    for (let i = 0; i < 3; i += 1) {
      const at = performance.now();
      affected = (await draftImpact(t.ctx.db, t.ctx.schemas, t.ctx.live!.documents, lowered)).total;
      impact.push(performance.now() - at);
    }
    const removing = structuredClone(t.ctx.live!.documents);
    const domains = removing.find((d) => d.$id.endsWith('/rules/science-domains.json')) as Record<string, any>;
    const valueOf = (branch: Record<string, any>) => branch.properties.name.properties.value;
    domains.definitions.domainShare.oneOf = domains.definitions.domainShare.oneOf.filter((b: Record<string, any>) => valueOf(b).const !== 'Humanističke znanosti');
    const natural = valueOf(domains.definitions.domainShare.oneOf.find((b: Record<string, any>) => valueOf(b).const === 'Prirodne znanosti'));
    natural.fields = natural.fields.filter((f: { value: string }) => f.value !== 'Fizika');
    const clusters = removing.find((d) => d.$id.endsWith('/rules/clusters.json')) as Record<string, any>;
    clusters.oneOf = clusters.oneOf.filter((c: { const: string }) => c.const !== 'galaxy');
    const removals: number[] = [];
    let removed = 0;
    for (let i = 0; i < 3; i += 1) {
      const at = performance.now();
      removed = (await draftImpact(t.ctx.db, t.ctx.schemas, t.ctx.live!.documents, removing)).total;
      removals.push(performance.now() - at);
    }

    console.log(`database: ${t.database.kind}`);
    timingFigure(`keystroke → edit saved and quick-checked (${KEYSTROKES} edits)`, keystrokes, { max: 300 });
    timingFigure('the whole set check after a pause (3 runs)', full);
    timingFigure(`publish → served ${served ? 'in a second server process' : 'in this process (embedded: one process)'}`, [publishToServed], { max: 2000 });
    timingFigure(`impact of a lowered CPU maximum, 20,000 users / 5,000 projects (${affected} affected; 3 runs)`, impact, { max: 2000 });
    timingFigure(`impact of a removed science field, domain and cluster, 5,000 projects (${removed} affected; 3 runs)`, removals);
    machineLoad();
  } finally {
    await stopOther?.();
    await t.close();
    copy.remove();
    other.remove();
  }
}

runOnEachDatabase(run);
