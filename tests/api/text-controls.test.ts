import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { runValidate } from '../../scripts/validate';
import { startTestApp, type Caller, type TestApp } from '../../harness/test-app';
import { generalRequest } from '../../harness/request-payloads';

/*
 * Control characters and text-direction overrides in the texts a caller sends (`plainText`): a
 * one-line text refuses CR, LF, ESC, U+202E and C1 controls, each with a message in the caller's
 * language naming the field, and nothing is stored; a multi-line text keeps its line ends and
 * tabs but refuses the rest.
 */
const REFUSED = { CR: '\r', LF: '\n', ESC: '\u001b', RLO: '\u202e', C1: '\u0085' } as const;
type Refused = keyof typeof REFUSED;
const CODES: Record<Refused, string> = { CR: 'U+000D', LF: 'U+000A', ESC: 'U+001B', RLO: 'U+202E', C1: 'U+0085' };

/** The message of the server's table for a refused character in a text of that kind. */
function expected(name: Refused, lang: 'hr' | 'en'): string {
  if (name === 'CR' || name === 'LF') return lang === 'hr' ? 'Mora biti u jednom retku' : 'Must be a single line';
  return lang === 'hr'
    ? `Sadrži kontrolni znak ili znak za smjer pisanja (${CODES[name]}), koji ne smije biti u tekstu`
    : `Contains a control or text-direction character (${CODES[name]}), which no text may hold`;
}

const PUBLIC_KEY = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIIYhlL62tQrdexks0Hox4HcDoSlCWeEfmiFxAJaZZb4k ana@laptop';
type Who = 'anonymous' | 'lead' | 'staff';
interface FieldCase {
  label: string;
  who: Who;
  url: (ids: Ids) => string;
  /** The body with `text` in the field. */
  body: (text: string, ids: Ids) => unknown;
  /** Where the message names the field. */
  field: string;
  kind: 'oneLine' | 'multiLine';
}
interface Ids {
  project: { id: number; identifier: string };
  internal: { id: number };
}

const CASES: FieldCase[] = [
  { label: 'SSH key name', who: 'lead', url: () => '/api/v1/internal/keys/', body: (x) => ({ name: `laptop${x}`, public_key: PUBLIC_KEY }), field: 'body/name', kind: 'oneLine' },
  { label: 'SSH public key (its comment)', who: 'lead', url: () => '/api/v1/internal/keys/', body: (x) => ({ name: 'laptop', public_key: `${PUBLIC_KEY}${x}[2J` }), field: 'body/public_key', kind: 'multiLine' },
  { label: 'request name', who: 'lead', url: () => '/api/v1/internal/projects-general/', body: (x) => generalRequest({ name: `Paralelno${x}programiranje`, science_software: [] }), field: '/name', kind: 'oneLine' },
  { label: 'request explanation', who: 'lead', url: () => '/api/v1/internal/projects-general/', body: (x) => generalRequest({ reason: `Vježbe${x}`, science_software: [] }), field: '/reason', kind: 'multiLine' },
  { label: 'other applications of a request', who: 'lead', url: () => '/api/v1/internal/projects-general/', body: (x) => generalRequest({ science_extrasoftware: `lammps${x}`, science_software: [] }), field: '/science_extrasoftware', kind: 'multiLine' },
  { label: 'resource type label of a request', who: 'lead', url: () => '/api/v1/internal/projects-general/', body: (x) => generalRequest({ resources_type: [{ label: `CPU${x}`, value: 'CPU' }], science_software: [] }), field: '/resources_type/0/label', kind: 'oneLine' },
  { label: 'extension reason', who: 'lead', url: (i) => `/api/v1/internal/project-extend/${i.project.id}`, body: (x) => ({ reason: `Treba još vremena${x}`, date_end: '2027-01-31' }), field: 'body/reason', kind: 'multiLine' },
  { label: 'project name (staff edit)', who: 'staff', url: (i) => `/api/v1/internal/projects/${encodeURIComponent(i.project.identifier)}`, body: (x) => ({ name: `Novi naziv${x}` }), field: 'body/name', kind: 'oneLine' },
  { label: 'staff comment', who: 'staff', url: (i) => `/api/v1/internal/projects/${encodeURIComponent(i.project.identifier)}`, body: (x) => ({ staff_comment: `Komentar${x}` }), field: 'body/staff_comment', kind: 'multiLine' },
  { label: 'invited project', who: 'lead', url: () => '/api/v1/internal/invites/', body: (x, i) => ({ project: `${i.project.identifier}${x}`, type: 'add', collaboratorEmails: [] }), field: 'body/project', kind: 'oneLine' },
  { label: 'invited address label', who: 'lead', url: () => '/api/v1/internal/invites/', body: (x, i) => ({ project: i.project.identifier, type: 'add', collaboratorEmails: [{ label: `Ana${x}`, value: 'ana@example.org' }] }), field: 'body/collaboratorEmails/0/label', kind: 'oneLine' },
  { label: 'cancelled invitation address', who: 'lead', url: () => '/api/v1/internal/invites-sent/', body: (x, i) => ({ type: 'inviterem', email: `ana${x}@example.org`, projectid: i.project.id, inviterid: 1 }), field: 'body/email', kind: 'oneLine' },
  { label: 'software added by', who: 'staff', url: () => '/api/v1/internal/science-software/', body: (x) => ({ newAppModuleName: 'matrix/1.0', newAppAddedBy: { label: `Marko${x}`, value: 'staff' } }), field: 'body/newAppAddedBy/label', kind: 'oneLine' },
  { label: 'internal collaborator', who: 'staff', url: (i) => `/api/v1/internal/users-intprojects/${i.internal.id}`, body: (x) => [{ label: 'Luka Marić', value: `newbie${x}` }], field: 'body/0/value', kind: 'oneLine' },
  { label: 'login username', who: 'anonymous', url: () => '/auth/login/', body: (x) => ({ username: `lead${x}`, password: 'lead' }), field: 'body/username', kind: 'oneLine' },
];

/** Rows of the tables a refused call could have written. */
async function counts(t: TestApp): Promise<Record<string, number>> {
  const tables = ['projects', 'ssh_keys', 'extensions', 'invites', 'cancelled_invites', 'science_software', 'memberships', 'outbox', 'staff_comments'];
  const out: Record<string, number> = {};
  for (const table of tables) out[table] = Number((await sql<{ n: string }>`SELECT count(*) AS n FROM ${sql.table(table)}`.execute(t.ctx.db)).rows[0].n);
  return out;
}

describe('control characters in texts', () => {
  let t: TestApp;
  const callers = {} as Record<Who, Caller>;
  let ids: Ids;
  beforeAll(async () => {
    t = await startTestApp();
    callers.anonymous = await t.anonymous();
    callers.lead = await t.login('lead');
    callers.staff = await t.login('staff');
    const led = await t.ctx.db
      .selectFrom('projects')
      .innerJoin('memberships', 'memberships.project_id', 'projects.id')
      .innerJoin('users', 'users.id', 'memberships.user_id')
      .innerJoin('states', 'states.id', 'projects.state_id')
      .select(['projects.id', 'projects.identifier'])
      .where('users.username', '=', 'lead')
      .where('states.name', '=', 'approve')
      .executeTakeFirstOrThrow();
    const internal = await t.ctx.db
      .selectFrom('projects')
      .innerJoin('project_types', 'project_types.id', 'projects.project_type_id')
      .select('projects.id')
      .where('project_types.name', '=', 'internal')
      .executeTakeFirstOrThrow();
    ids = { project: led, internal };
  });
  afterAll(() => t.close());

  const send = (who: Who, url: string, payload: unknown, lang: 'hr' | 'en') =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { cookie: callers[who].cookie, 'x-csrftoken': callers[who].csrf, 'accept-language': lang },
      payload: payload as object,
    });

  const refusals = CASES.flatMap((c) =>
    (Object.keys(REFUSED) as Refused[]).filter((name) => c.kind === 'oneLine' || (name !== 'CR' && name !== 'LF')).map((name) => [c.label, name, c] as const),
  );

  it.each(refusals)('refuses the %s with %s, in Croatian and English, and stores nothing', async (_label, name, c) => {
    const before = await counts(t);
    for (const lang of ['hr', 'en'] as const) {
      const res = await send(c.who, c.url(ids), c.body(REFUSED[name], ids), lang);
      expect(res.statusCode).toBe(400);
      const status = res.json().status;
      expect(status.key).toBe('validationFailed');
      expect(status.message).toContain(`${c.field}: ${expected(name, lang)}`);
    }
    expect(await counts(t)).toEqual(before);
  });

  it('says what the QA tool says for the same payload', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'controls-'));
    try {
      for (const [schema, url, body] of [
        ['api/ssh-key-new', '/api/v1/internal/keys/', { name: 'laptop\u001b]0;owned\u0007', public_key: PUBLIC_KEY }],
        ['requests/practical-class', '/api/v1/internal/projects-general/', generalRequest({ name: 'Projekt\r\nBcc: x@example.org', reason: 'a\u202eb', science_software: [] })],
      ] as const) {
        const file = join(dir, 'payload.json');
        writeFileSync(file, JSON.stringify(body));
        for (const lang of ['hr', 'en'] as const) {
          const lines: string[] = [];
          expect(runValidate([schema, file, '--lang', lang], (line) => lines.push(line))).toBe(1);
          const said = lines.join('\n');
          const res = await send('lead', url, body, lang);
          expect(res.statusCode).toBe(400);
          const issues = (res.json().status.message as string).split('; ').map((issue) => issue.replace(/^body\//, '/'));
          expect(issues.length).toBeGreaterThan(0);
          for (const issue of issues) expect(said).toContain(issue);
        }
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('keeps the line ends and tabs of a request explanation and of a staff comment', async () => {
    const reason = 'Prvi redak\r\n\tdrugi redak\nkraj';
    const submitted = await send('lead', '/api/v1/internal/projects-general/', generalRequest({ reason, science_software: [] }), 'hr');
    expect(submitted.statusCode).toBe(201);
    const identifier = submitted.json().identifier as string;
    const comment = 'Nedostaje opis.\n\tMolimo dopunite.';
    const denied = await send('staff', `/api/v1/internal/projects/${encodeURIComponent(identifier)}`, { state: 'deny', staff_comment: comment }, 'hr');
    expect(denied.statusCode).toBe(200);
    const stored = await t.ctx.db.selectFrom('projects').select(['id', 'reason']).where('identifier', '=', identifier).executeTakeFirstOrThrow();
    expect(stored.reason).toBe(reason);
    const comments = await t.ctx.db.selectFrom('staff_comments').select('comment').where('project_id', '=', stored.id).execute();
    expect(comments.map((row) => row.comment)).toContain(comment);
  });
});
