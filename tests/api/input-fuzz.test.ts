import fc from 'fast-check';
import { sql } from 'kysely';
import { cookieNames } from '../../src/server/sessions/session-cookies';
import { createSession } from '../../src/server/sessions/sessions';
import { createDraft } from '../../src/server/schema-live/schema-drafts';
import { demoLandmarks, useDemoAppWithRegistry } from '../support/demo-app';
import type { TestApp } from '../../harness/test-app';
import { generalRequest, researchRequest } from '../../harness/request-payloads';

/**
 * Bounded property-based inputs for every mutating route, sent as the role the route is meant for:
 * wrong types, huge and odd unicode strings, NULs, deep nesting, huge numbers, bad dates, extra
 * fields, missing fields, malformed JSON, wrong content types and odd path parameters. Whatever
 * arrives, the answer is never a 5xx, every error is the envelope, and a refused call changes no
 * row. RUNS_PER_ROUTE bounds the work (≈ routes × RUNS_PER_ROUTE calls).
 */
const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS ?? 120);

/** Tables whose rows a refused call must leave alone (sessions, login attempts and caches are bookkeeping). */
const GUARDED_TABLES = [
  'users', 'projects', 'memberships', 'staff_comments', 'extensions', 'ssh_keys', 'invites', 'science_software', 'project_counter', 'outbox', 'invite_sends',
  'project_mail_mutes', 'digest_items', 'user_groups',
] as const;

const PUBLIC_KEY = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIDK9XcQG3dMjta6kd0DAjbQWImNhkMgKdkZVynNTnG4P fuzz@test';

// ---- hostile values ----
const oddStrings = fc.constantFrom(
  '', ' ', '\t\n', 'a\u0000', '\u0000', '%00', '\uD800', '\uFFFF', '💥'.repeat(300), 'x'.repeat(70_000), "'; DROP TABLE users; --",
  '../../etc/passwd', '<script>alert(1)</script>', '2026-02-30', '9999-99-99', '0000-00-00', '+275760-09-13', '2026-12-31T25:00:00Z', 'NaN', '1e400',
);
/** Control characters and text-direction overrides (what `plainText` refuses), and a line end and a tab (which multi-line texts keep). */
const controlCharacter = fc.constantFrom('\r', '\n', '\r\n', '\t', '\u001b[2J', '\u001b]0;x\u0007', '\u007f', '\u0085', '\u009b', '\u202e', '\u2066', '\u2028');
const withControl = fc.tuple(fc.string({ maxLength: 20 }), controlCharacter, fc.string({ maxLength: 20 })).map(([a, c, b]) => `${a}${c}${b}`);
const hostileString = fc.oneof(fc.string({ maxLength: 40 }), fc.string({ unit: 'binary', maxLength: 40 }), oddStrings, withControl);
const hostileNumber = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(1e20, -1, 0, 2 ** 31, 2 ** 31 - 1, 2 ** 53, 2 ** 64, Number.MAX_VALUE, 1.5, -0, Number.MIN_VALUE),
);
const { value: hostileValue } = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    hostileString,
    hostileNumber,
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(hostileString, tie('value'), { maxKeys: 4 }),
  ),
}));
const deepNesting = fc.integer({ min: 50, max: 3000 }).map((depth) => {
  let v: unknown = 'bottom';
  for (let i = 0; i < depth; i += 1) v = i % 2 ? [v] : { a: v };
  return v;
});

/** A body: the route's template, with one field replaced, one removed or one added, or something else entirely. */
function bodyFrom(template: unknown): fc.Arbitrary<unknown> {
  if (!template || typeof template !== 'object') return fc.oneof(hostileValue, deepNesting);
  const record = template as Record<string, unknown>;
  const keys = Object.keys(record);
  const options: fc.Arbitrary<unknown>[] = [fc.constant(template), hostileValue, deepNesting, fc.tuple(hostileString, hostileValue).map(([k, v]) => ({ ...record, [k]: v }))];
  if (keys.length > 0 && !Array.isArray(template)) {
    options.push(fc.tuple(fc.constantFrom(...keys), hostileValue).map(([k, v]) => ({ ...record, [k]: v })));
    options.push(fc.tuple(fc.constantFrom(...keys), fc.constantFrom(...keys), hostileValue, hostileValue).map(([k1, k2, v1, v2]) => ({ ...record, [k1]: v1, [k2]: v2 })));
    options.push(fc.constantFrom(...keys).map((k) => Object.fromEntries(Object.entries(record).filter(([key]) => key !== k))));
    // A good text with a control character in it: past every check but the text rule.
    const texts = keys.filter((k) => typeof record[k] === 'string');
    if (texts.length > 0) options.push(fc.tuple(fc.constantFrom(...texts), controlCharacter).map(([k, c]) => ({ ...record, [k]: `${String(record[k])}${c}` })));
  }
  if (Array.isArray(template)) options.push(fc.array(hostileValue, { maxLength: 5 }));
  return fc.oneof(...options);
}

/** How the body travels: as JSON, as raw malformed text, or under another content type. */
type Transport = { kind: 'json'; body: unknown } | { kind: 'raw'; text: string; contentType?: string };
function transportFrom(template: unknown): fc.Arbitrary<Transport> {
  const malformed = fc.constantFrom('{', '{"a":', '[]]', '\u0000', 'nul', '{"a":1,}', '"unterminated', '1e999999', '{"__proto__":{"x":1}}', '', ' ', '{"a":"\\u0000"}');
  const contentTypes = fc.constantFrom('text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/json; charset=latin1', 'application/xml', undefined);
  return fc.oneof(
    { weight: 6, arbitrary: bodyFrom(template).map((body): Transport => ({ kind: 'json', body })) },
    { weight: 1, arbitrary: malformed.map((text): Transport => ({ kind: 'raw', text, contentType: 'application/json' })) },
    { weight: 1, arbitrary: fc.tuple(fc.string({ maxLength: 30 }), contentTypes).map(([text, contentType]): Transport => ({ kind: 'raw', text, contentType })) },
  );
}

/** A path parameter: the given good one, or something odd (encoded unless it is a deliberately broken escape). */
function paramFrom(good: string | undefined): fc.Arbitrary<string> {
  const odd = fc.oneof(
    fc.string({ maxLength: 30 }).map(encodeURIComponent),
    fc.string({ unit: 'binary', maxLength: 20 }).map((s) => encodeURIComponent(s.replace(/[\uD800-\uDFFF]/g, 'x'))),
    fc.constantFrom('%00', 'a%00', '%ZZ', '%', '9'.repeat(30), '-1', '0', '1e20', '1.5', '..%2F..', 'x'.repeat(300), '%E2%82', '2147483648', '  '),
  );
  return good === undefined ? odd : fc.oneof(fc.constant(good), odd);
}

type Role = 'anonymous' | 'lead' | 'staff' | 'newbie' | 'admin';
interface FuzzRoute {
  method: 'POST' | 'PUT' | 'DELETE' | 'GET';
  /** Path with `:param` where the parameter goes. */
  path: string;
  role: Role;
  /** A good parameter (left out where a good one would destroy what the other routes use). */
  param?: string;
  template?: unknown;
}

describe('input fuzzing of the mutating routes', () => {
  let t: TestApp;
  let routes: FuzzRoute[];
  const userIds: Record<string, number> = {};

  useDemoAppWithRegistry((started) => (t = started));

  beforeAll(async () => {
    const db = t.ctx.db;
    for (const u of await db.selectFrom('users').select(['id', 'username']).execute()) userIds[u.username] = u.id;
    const { project, internal } = await demoLandmarks(db);
    const id = String(project.id);
    const draft = await createDraft(t.ctx, userIds.staff);
    const doomedDraft = await createDraft(t.ctx, userIds.staff);
    const limits = t.ctx.live!.documents.find((d) => d.$id.endsWith('/rules/resource-limits.json'));
    const inviteKey = (await db.selectFrom('invites').select('key').limit(1).executeTakeFirst())?.key;
    const setId = (await db.selectFrom('schema_sets').select('id').orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow()).id;
    t.ctx.config.rulesEditorGroup = 'rules';
    routes = [
      { method: 'POST', path: '/auth/login/', role: 'anonymous', template: { username: 'lead', password: 'wrong' } },
      { method: 'POST', path: '/auth/logout/', role: 'lead', template: {} },
      { method: 'POST', path: '/api/v1/internal/keys/', role: 'lead', template: { name: 'fuzz', public_key: PUBLIC_KEY } },
      { method: 'DELETE', path: '/api/v1/internal/keys/', role: 'lead', template: { name: 'not-there' } },
      { method: 'POST', path: '/api/v1/internal/projects-general/', role: 'lead', template: generalRequest({ science_software: [] }) },
      { method: 'POST', path: '/api/v1/internal/projects-research/', role: 'lead', template: researchRequest(27031, { science_software: [] }) },
      { method: 'POST', path: '/api/v1/internal/projects/:p', role: 'staff', param: encodeURIComponent(project.identifier), template: { name: 'Fuzz', date_end: '2027-01-01' } },
      { method: 'DELETE', path: '/api/v1/internal/projects/:p', role: 'staff' },
      { method: 'POST', path: '/api/v1/internal/project-extend/:p', role: 'lead', param: id, template: { reason: 'Treba još', date_end: '2099-01-01' } },
      { method: 'POST', path: '/api/v1/internal/science-software/', role: 'staff', template: { newAppModuleName: 'fuzz/1.0', newAppAddedBy: { label: 'Marko Babić', value: 'staff' } } },
      { method: 'DELETE', path: '/api/v1/internal/science-software/:p', role: 'staff' },
      { method: 'POST', path: '/api/v1/internal/invites/', role: 'lead', template: { project: project.identifier, projectid: project.id, type: 'add', collaboratorEmails: [{ label: 'x', value: 'fuzz@example.org' }] } },
      // The invitation page: its description, and the button that accepts (no good key: accepting would change the memberships the routes below use).
      { method: 'GET', path: '/api/v1/internal/invites/:p/details', role: 'newbie', ...(inviteKey ? { param: inviteKey } : {}) },
      { method: 'POST', path: '/api/v1/internal/invites/:p', role: 'newbie', template: {} },
      { method: 'POST', path: '/api/v1/internal/invites-sent/', role: 'lead', template: { type: 'inviterem', email: 'fuzz@example.org', projectid: project.id, inviterid: userIds.lead } },
      { method: 'POST', path: '/api/v1/internal/users-projects/:p', role: 'lead', param: id, template: [userIds['mnovak@irb.hr']] },
      { method: 'POST', path: '/api/v1/internal/users-intprojects/:p', role: 'staff', param: String(internal.id), template: [{ label: 'Luka Marić', value: 'newbie' }] },
      { method: 'PUT', path: '/api/v1/internal/mail-preferences/', role: 'lead', template: { language: 'en', routine: 'weekly' } },
      { method: 'PUT', path: '/api/v1/internal/projects/:p/mail-mute', role: 'lead', param: encodeURIComponent(project.identifier), template: { muted: true } },
      // The rules editor (a superuser edits): drafts by staff, so that approving is the admin's to do.
      { method: 'POST', path: '/api/v1/internal/rule-drafts/', role: 'admin', template: {} },
      { method: 'POST', path: '/api/v1/internal/rule-drafts/upload', role: 'admin', template: { files: { 'rules/x.json': { $id: 'https://portal.schemas/rules/x.json' } } } },
      { method: 'PUT', path: '/api/v1/internal/rule-drafts/:p/file', role: 'admin', param: String(draft), template: { file: 'rules/resource-limits.json', doc: limits } },
      { method: 'POST', path: '/api/v1/internal/rule-drafts/:p/approve', role: 'admin', param: String(draft), template: {} },
      { method: 'POST', path: '/api/v1/internal/rule-drafts/:p/publish', role: 'admin', param: String(draft), template: { note: 'fuzz', confirmImpact: true } },
      { method: 'DELETE', path: '/api/v1/internal/rule-drafts/:p', role: 'admin', param: String(doomedDraft) },
      { method: 'POST', path: '/api/v1/internal/schemas/restore', role: 'admin', template: { id: setId, note: 'fuzz' } },
      // Who edits the rules (a group configured below): the superuser adds staff and removes a member.
      { method: 'POST', path: '/api/v1/internal/rule-editors', role: 'admin', template: { username: 'staff' } },
      { method: 'DELETE', path: '/api/v1/internal/rule-editors/:p', role: 'admin', param: String(userIds.staff) },
      { method: 'POST', path: '/api/v1/internal/schemas/qa', role: 'staff', template: { schema: 'api/extension-new', payload: { reason: 'fuzz', date_end: '2027-01-31' }, role: 'user' } },
      // Last, each call with a session of its own: ending sessions must not end the ones the routes above use.
      { method: 'POST', path: '/api/v1/internal/my-sessions/:p/end', role: 'newbie' },
      { method: 'POST', path: '/api/v1/internal/my-sessions/end-others', role: 'newbie', template: {} },
    ];
  });

  /**
   * The rows a call changed are counted by the database itself: a trigger on every guarded table
   * adds each inserted, deleted or really changed row (an update that leaves a row as it was does
   * not count) to one counter, which rolls back with a refused call's transaction. Reading one
   * number after each call replaced hashing every guarded table's rows (20 ms a call on the
   * embedded database, most of this test's time).
   */
  async function countRowChanges(): Promise<void> {
    await sql`CREATE TABLE fuzz_row_changes (n bigint NOT NULL)`.execute(t.ctx.db);
    await sql`INSERT INTO fuzz_row_changes VALUES (0)`.execute(t.ctx.db);
    await sql`
      CREATE FUNCTION fuzz_count_row_change() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'UPDATE' AND OLD::text IS NOT DISTINCT FROM NEW::text THEN RETURN NULL; END IF;
        UPDATE fuzz_row_changes SET n = n + 1;
        RETURN NULL;
      END $$`.execute(t.ctx.db);
    for (const table of GUARDED_TABLES) {
      await sql`CREATE TRIGGER fuzz_count_rows AFTER INSERT OR UPDATE OR DELETE ON ${sql.table(table)} FOR EACH ROW EXECUTE FUNCTION fuzz_count_row_change()`.execute(t.ctx.db);
      await sql`CREATE TRIGGER fuzz_count_truncate AFTER TRUNCATE ON ${sql.table(table)} FOR EACH STATEMENT EXECUTE FUNCTION fuzz_count_row_change()`.execute(t.ctx.db);
    }
  }
  async function rowChanges(): Promise<string> {
    return (await sql<{ n: string }>`SELECT n::text FROM fuzz_row_changes`.execute(t.ctx.db)).rows[0].n;
  }

  /** A caller of the role: one session per role, except a fresh one for logout and the session routes (which end sessions). */
  const sessions = new Map<Role, { cookie: string; csrf: string }>();
  async function caller(role: Role, fresh: boolean): Promise<{ cookie: string; csrf: string }> {
    if (!fresh && sessions.has(role)) return sessions.get(role)!;
    let who;
    if (role === 'anonymous') who = await t.anonymous();
    else {
      const session = await createSession(t.ctx.db, userIds[role], 1);
      who = { cookie: `${cookieNames(t.ctx).session}=${session.token}`, csrf: session.csrfToken };
    }
    if (!fresh) sessions.set(role, who);
    return who;
  }

  it('never answers 5xx, always answers errors in the envelope, and changes no row when it refuses', async () => {
    let calls = 0;
    // The rows changed so far: re-read after every call, compared after every refused one.
    await countRowChanges();
    let current = await rowChanges();
    const statuses = new Map<number, number>();
    for (const route of routes) {
      const hasParam = route.path.includes(':p');
      const input = fc.record({ param: hasParam ? paramFrom(route.param) : fc.constant(''), transport: transportFrom(route.template) });
      await fc.assert(
        fc.asyncProperty(input, async ({ param, transport }) => {
          const who = await caller(route.role, route.path === '/auth/logout/' || route.path.includes('/my-sessions/'));
          const before = current;
          const url = route.path.replace(':p', param);
          const headers: Record<string, string> = { cookie: who.cookie, 'x-csrftoken': who.csrf };
          let payload: string | undefined;
          if (transport.kind === 'json') {
            payload = JSON.stringify(transport.body);
            headers['content-type'] = 'application/json';
          } else {
            payload = transport.text;
            if (transport.contentType) headers['content-type'] = transport.contentType;
          }
          const res = await t.app.inject({ method: route.method, url, headers, ...(route.method === 'GET' ? {} : { payload }) });
          calls += 1;
          statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
          const where = `${route.method} ${url.slice(0, 120)} ${String(payload).slice(0, 200)} → ${res.statusCode} ${res.body.slice(0, 200)}`;
          if (res.statusCode >= 500) throw new Error(`5xx: ${where}`);
          if (res.statusCode >= 400) {
            let body: { status?: { code?: unknown; message?: unknown; key?: unknown } } = {};
            try {
              body = res.json();
            } catch {
              throw new Error(`not JSON: ${where}`);
            }
            if (body.status?.code !== res.statusCode || typeof body.status.message !== 'string' || typeof body.status.key !== 'string')
              throw new Error(`not the envelope: ${where}`);
            current = await rowChanges();
            if (current !== before) throw new Error(`a refused call changed rows: ${where}`);
          } else current = await rowChanges();
        }),
        { numRuns: RUNS_PER_ROUTE, seed: Number(process.env.FUZZ_SEED ?? 20261122), endOnFailure: true },
      );
    }
    // The inputs reached past the checks too: some calls were accepted, most refused.
    expect(calls).toBe(routes.length * RUNS_PER_ROUTE);
    const accepted = [...statuses].filter(([s]) => s < 400).reduce((n, [, c]) => n + c, 0);
    expect(accepted).toBeGreaterThan(0);
    expect(accepted).toBeLessThan(calls);
    // The counter saw the accepted calls' rows: it counts what it guards.
    expect(Number(current)).toBeGreaterThan(0);
  }, 300_000);
});
