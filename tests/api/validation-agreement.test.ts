/**
 * The agreement test: for every request type and for extensions, payloads generated from valid
 * ones and from mutations of every rule are judged by the server (over HTTP, on a real database),
 * by the QA tool and by the form's validator (RJSF on the runtime's ajv), each for the caller's
 * role. They must reach the same decision on every payload, apart from the rules that need live
 * data, which the QA tool names for each payload it cannot fully judge — and where the server
 * refuses what the QA tool accepted, the refusal must be one of those named rules.
 */
import fc from 'fast-check';
import { loadSchemaFiles, loadSchemaSet } from '../../src/schema-runtime/node';
import { judgePayload, type CallerRole, type LiveRuleName } from '../../src/schema-runtime';
import { createFormSchemas } from '../../src/client/engine/schema-form/form-schemas';
import { startRegistryStandIn, type StandIn } from '../../src/server/registry/stand-in/registry-stand-in';
import { deleteProject } from '../../src/server/projects/process-project';
import { lookupIds } from '../../src/server/db/vocabularies';
import { runValidate } from '../../scripts/validate';
import { startTestApp, type Caller, type TestApp } from '../../harness/test-app';
import { addProject, addUser } from '../support/fixtures';
import { ONE_FIELD, researchRequest, SOFTWARE } from '../../harness/request-payloads';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const PER_TYPE = 500;
const GENERAL = '/api/v1/internal/projects-general/';
const RESEARCH = '/api/v1/internal/projects-research/';
const OIB = { lead: '20930726687', newbie: '93217836615' };
/** Registry projects the demo registry says `lead` leads. */
const LED_PROJECTS = [27031, 31877, 35512];

const schemas = loadSchemaSet();
const forms = createFormSchemas(loadSchemaFiles());

type Payload = Record<string, unknown>;
interface RequestType {
  route: string;
  projectType: string;
  form: string;
  staffOnly: boolean;
  accepting: boolean;
  registryBased: boolean;
  institutional: boolean;
}

const REQUEST_TYPES: RequestType[] = schemas
  .vocabulary<{ projectType: string; form: string; staffOnly?: boolean; accepting?: boolean }>('requests/index')
  .map((entry) => {
    const type = schemas.vocabulary<{ registryBased?: boolean; institutional?: boolean }>('rules/project-types').find((t) => t.value === entry.projectType);
    return {
      route: entry.value,
      projectType: entry.projectType,
      form: entry.form,
      staffOnly: entry.staffOnly === true,
      accepting: entry.accepting !== false,
      registryBased: type?.registryBased === true,
      institutional: type?.institutional === true,
    };
  });

const TWO_DOMAINS = [
  { name: { value: 'Tehničke znanosti' }, percent: 50, scientificfields: [{ name: { value: 'Računarstvo' }, percent: 100 }] },
  { name: { value: 'Prirodne znanosti' }, percent: 50, scientificfields: [{ name: { value: 'Fizika' }, percent: 60 }, { name: { value: 'Kemija' }, percent: 40 }] },
];
const PUBLIC_TYPES = schemas.vocabulary<{ staffOnly?: boolean }>('rules/resource-types').filter((t) => t.staffOnly !== true).map((t) => t.value);
const LIMITS = (schemas.schema('rules/resource-limits').properties ?? {}) as Record<string, { minimum: number; maximum: number }>;

const text = (max: number) =>
  fc.string({ unit: fc.constantFrom(...'abcčćdđefgšžABC XYZ0123-.'.split('')), minLength: 1, maxLength: max }).filter((s) => s.trim() !== '');
const day = (from: number, to: number, month: string) => fc.integer({ min: from, max: to }).map((d) => `${month}-${String(d).padStart(2, '0')}`);

/** A valid payload of a request type, as its form sends it. */
function validPayload(type: RequestType): fc.Arbitrary<Payload> {
  const numbers = fc
    .subarray(Object.keys(LIMITS), { minLength: 0, maxLength: 4 })
    .chain((keys) => fc.tuple(...keys.map((k) => fc.integer({ min: LIMITS[k].minimum, max: LIMITS[k].maximum }).map((n) => [k, n] as const))))
    .map((pairs) => Object.fromEntries(pairs));
  const common = {
    reason: text(200),
    science_field: fc.constantFrom(ONE_FIELD, TWO_DOMAINS),
    science_software: fc.subarray(SOFTWARE),
    science_extrasoftware: fc.constantFrom('', 'paraview'),
    science_extrasoftware_help: fc.boolean(),
    resources_numbers: numbers,
    resources_type: fc.subarray(PUBLIC_TYPES, { maxLength: 3 }).map((values) => values.map((value) => ({ label: value, value }))),
  };
  if (type.registryBased)
    return fc
      .record({ ...common, croris_id: fc.constantFrom(...LED_PROJECTS), title: text(80), summary: text(200) })
      .map(({ croris_id, title, summary, ...rest }) => ({ ...researchRequest(croris_id), croris_title: title, name: title, croris_summary: summary, ...rest }));
  const dates = type.institutional
    ? day(1, 31, '2026-01').map((start) => ({ date_start: start, date_end: `2027${start.slice(4)}` }))
    : fc.tuple(day(1, 28, '2026-03'), day(1, 31, '2027-01')).map(([date_start, date_end]) => ({ date_start, date_end }));
  return fc
    .record({ ...common, name: text(80), dates })
    .map(({ dates: d, ...rest }) => ({ ...rest, ...d, project_type: type.projectType, state: 'submit' }));
}

/** A mutation of one rule (or none). */
interface Mutation {
  name: string;
  apply(p: Payload): Payload;
}
const set = (field: string, value: unknown) => (p: Payload) => ({ ...p, [field]: value });
const without = (field: string) => (p: Payload) => Object.fromEntries(Object.entries(p).filter(([k]) => k !== field));
const REQUEST_MUTATIONS: Mutation[] = [
  { name: 'none', apply: (p) => p },
  { name: 'none', apply: (p) => p },
  { name: 'blank name', apply: set('name', '   ') },
  { name: 'name too long', apply: set('name', 'x'.repeat(513)) },
  { name: 'name not a string', apply: set('name', 42) },
  { name: 'no reason', apply: without('reason') },
  { name: 'blank reason', apply: set('reason', ' \t ') },
  { name: 'NUL in reason', apply: (p) => ({ ...p, reason: `${String(p.reason)}\u0000` }) },
  { name: 'line break in name', apply: (p) => ({ ...p, name: `${String(p.name)}\r\nBcc: x@example.org` }) },
  { name: 'terminal escape in name', apply: (p) => ({ ...p, name: `${String(p.name)}\u001b[2J` }) },
  { name: 'right-to-left override in reason', apply: (p) => ({ ...p, reason: `${String(p.reason)}\u202e` }) },
  { name: 'C1 control in reason', apply: (p) => ({ ...p, reason: `${String(p.reason)}\u0085` }) },
  { name: 'line ends and tabs in reason', apply: (p) => ({ ...p, reason: `${String(p.reason)}\r\n\tdalje` }) },
  { name: 'too many CPU slots', apply: (p) => ({ ...p, resources_numbers: { ...(p.resources_numbers as object), HPCnSlotsCPU: LIMITS.HPCnSlotsCPU.maximum + 1 } }) },
  { name: 'zero CPU slots', apply: (p) => ({ ...p, resources_numbers: { ...(p.resources_numbers as object), HPCnSlotsCPU: 0 } }) },
  { name: 'unknown resource type', apply: set('resources_type', [{ value: 'QUANTUM' }]) },
  { name: 'staff-only resource type', apply: set('resources_type', [{ label: 'PENKALA', value: 'PENKALA' }]) },
  { name: 'dates reversed', apply: (p) => ({ ...p, date_start: p.date_end, date_end: p.date_start }) },
  { name: 'no such day', apply: set('date_start', '2026-13-45') },
  { name: 'date past the ceiling', apply: set('date_end', '2027-03-01') },
  { name: 'shares not 100', apply: set('science_field', [{ ...ONE_FIELD[0], percent: 90 }]) },
  { name: 'domain twice', apply: set('science_field', [{ ...ONE_FIELD[0], percent: 50 }, { ...ONE_FIELD[0], percent: 50 }]) },
  { name: 'field of another domain', apply: set('science_field', [{ ...ONE_FIELD[0], scientificfields: [{ name: { value: 'Fizika' }, percent: 100 }] }]) },
  { name: 'no science field', apply: set('science_field', []) },
  { name: 'software not installed', apply: set('science_software', ['not-installed/1.0']) },
  { name: 'duplicate software', apply: set('science_software', [SOFTWARE[0], SOFTWARE[0]]) },
  { name: 'registry project not led', apply: (p) => ('croris_id' in p ? { ...p, croris_id: 99999 } : p) },
  { name: 'a year and a day', apply: (p) => ({ ...p, date_end: typeof p.date_start === 'string' ? `2027-01-${String(Math.min(Number(p.date_start.slice(8)) + 1, 31)).padStart(2, '0')}` : p.date_end }) },
];

/** The live-data rule a server refusal is about, judged from the answer. */
function refusalRule(status: number, body: { status?: { key?: string }; issues?: { path: string }[] }, type?: RequestType): LiveRuleName | undefined {
  if (body.issues?.some((i) => i.path.startsWith('/science_software'))) return 'installedSoftware';
  if (type && (type.registryBased || type.institutional) && (status === 403 || status === 409)) return 'registryEligibility';
  if (!type && status === 400 && !body.issues?.some((i) => i.path !== '/date_end')) return 'projectState';
  return undefined;
}

interface Tally {
  payloads: number;
  valid: number;
  invalid: number;
  accepted: number;
  qaFormAgree: number;
  serverAgree: number;
  live: Partial<Record<LiveRuleName, number>>;
  unexplained: string[];
}
const tally = (): Tally => ({ payloads: 0, valid: 0, invalid: 0, accepted: 0, qaFormAgree: 0, serverAgree: 0, live: {}, unexplained: [] });

describe('server, QA tool and form validator agree', () => {
  let standIn: StandIn;
  let t: TestApp;
  let extensionProjectId: number;
  const callers: Record<string, Caller> = {};
  const send = (who: string, url: string, payload: unknown) =>
    t.app.inject({ method: 'POST', url, headers: { cookie: callers[who].cookie, 'x-csrftoken': callers[who].csrf, 'content-type': 'application/json' }, payload: JSON.stringify(payload) });

  beforeAll(async () => {
    standIn = await startRegistryStandIn({ username: 'demo', password: 'demo' });
    t = await startTestApp({ seed: false, config: { registry: { url: standIn.url, username: 'demo', password: 'demo', timeoutMs: 2000, retries: 1 } } });
    const lead = await addUser(t.ctx, 'lead', { person_oib: OIB.lead, person_institution: 'FER', person_mail: 'ahorvat@fer.hr' });
    await addUser(t.ctx, 'newbie', { person_oib: OIB.newbie, first_name: 'Luka', last_name: 'Marić', person_institution: 'FER' });
    await addUser(t.ctx, 'staff', { is_staff: true, first_name: 'Marko', last_name: 'Babić' });
    await t.ctx.db.insertInto('science_software').values(SOFTWARE.map((name) => ({ name }))).execute();
    for (const who of ['lead', 'newbie', 'staff']) callers[who] = await t.login(who);
    // The institutional check reads the requester's stored registry answer, as the form's page fetches it first.
    await t.app.inject({ method: 'GET', url: '/api/v1/internal/croris-info/', headers: { cookie: callers.newbie.cookie } });
    extensionProjectId = await addProject(t.ctx, 'NR-AGREE-1', 'approve-expire', [[lead, 'lead']]);
  });
  afterAll(async () => {
    await t?.close();
    await standIn?.close();
  });

  /** Who files a type: the requester the live rules allow, and staff for the staff-only types. */
  const callersOf = (type: RequestType): [string, CallerRole][] => {
    if (type.registryBased) return [['lead', 'user']];
    if (type.institutional) return [['newbie', 'user']];
    return [['lead', 'user'], ['staff', 'staff']];
  };

  for (const type of REQUEST_TYPES) {
    it(`on ${PER_TYPE} payloads of ${type.route}`, async () => {
      const who = callersOf(type);
      const cases = fc.sample(fc.tuple(validPayload(type), fc.constantFrom(...REQUEST_MUTATIONS), fc.nat({ max: who.length - 1 })), { numRuns: PER_TYPE, seed: 14 });
      const { schema } = forms.form(type.form);
      const formId = `requests/${type.form}`;
      const result = tally();
      for (const [valid, mutation, pick] of cases) {
        const payload = mutation.apply(valid);
        const [username, role] = who[pick];
        const qa = judgePayload(schemas, formId, payload, role);
        const form = forms.validator(role).validateFormData(payload, schema).errors.length === 0;
        const res = await send(username, type.registryBased ? RESEARCH : GENERAL, payload);
        const server = res.statusCode === 201;
        if (server) {
          result.accepted += 1;
          await deleteProject(t.ctx, res.json().identifier);
        }
        result.payloads += 1;
        result[qa.valid ? 'valid' : 'invalid'] += 1;
        if (qa.valid === form) result.qaFormAgree += 1;
        if (qa.valid === server) {
          result.serverAgree += 1;
          continue;
        }
        const rule = refusalRule(res.statusCode, res.json(), type);
        if (qa.valid && !server && rule && qa.live.includes(rule)) result.live[rule] = (result.live[rule] ?? 0) + 1;
        else result.unexplained.push(`${mutation.name} as ${role}: server ${res.statusCode} ${res.json().status?.message}, QA tool ${qa.valid ? 'valid' : JSON.stringify(qa.issues)}`);
      }
      const liveCount = Object.values(result.live).reduce((a, b) => a + b, 0);
      console.log(`${type.route}: ${result.payloads} payloads (${result.valid} valid, ${result.invalid} invalid for the QA tool; ${result.accepted} accepted by the server); QA tool and form agree on ${result.qaFormAgree}; server agrees on ${result.serverAgree}; live-data rules ${JSON.stringify(result.live)}`);
      expect(result.unexplained).toEqual([]);
      expect(result.qaFormAgree).toBe(result.payloads);
      expect(result.serverAgree + liveCount).toBe(result.payloads);
      // Both decisions occur, so the comparison means something; a type not accepting requests refuses all.
      expect(result.invalid).toBeGreaterThan(0);
      if (type.accepting) expect(result.accepted).toBeGreaterThan(0);
      else expect(result.valid).toBe(0);
    });
  }

  it(`on ${PER_TYPE} extension payloads`, async () => {
    const end = '2026-12-31';
    const graceMonths = t.ctx.config.graceMonths ?? schemas.constants.graceMonthsFallback;
    const valid = fc.record({
      reason: text(300),
      date_end: fc.tuple(fc.integer({ min: 1, max: graceMonths }), fc.integer({ min: 1, max: 28 })).map(([m, d]) => `2027-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`),
      approved: fc.constantFrom(false, undefined),
    }).map((p) => Object.fromEntries(Object.entries(p).filter(([, v]) => v !== undefined)));
    const mutations: Mutation[] = [
      { name: 'none', apply: (p) => p },
      { name: 'none', apply: (p) => p },
      { name: 'blank reason', apply: set('reason', '   ') },
      { name: 'no reason', apply: without('reason') },
      { name: 'NUL in reason', apply: (p) => ({ ...p, reason: `a\u0000b` }) },
      { name: 'escape in reason', apply: (p) => ({ ...p, reason: `a\u001bb` }) },
      { name: 'line ends in reason', apply: (p) => ({ ...p, reason: `a\r\n\tb` }) },
      { name: 'reason too long', apply: set('reason', 'r'.repeat(4097)) },
      { name: 'approved by the lead', apply: set('approved', true) },
      { name: 'not a date', apply: set('date_end', '31.01.2027') },
      { name: 'no date', apply: without('date_end') },
      { name: 'unknown field', apply: set('project', 12) },
      { name: 'reason not a string', apply: set('reason', ['a']) },
      { name: 'before the current end', apply: set('date_end', end) },
      { name: 'past the grace months', apply: set('date_end', `2027-${String(graceMonths + 1).padStart(2, '0')}-15`) },
    ];
    const cases = fc.sample(fc.tuple(valid, fc.constantFrom(...mutations)), { numRuns: PER_TYPE, seed: 14 });
    const clientSet = forms.set.forRole('user');
    const states = await lookupIds(t.ctx.db, 'states');
    const result = tally();
    for (const [base, mutation] of cases) {
      const payload = mutation.apply(base);
      const qa = judgePayload(schemas, 'api/extension-new', payload, 'user');
      const form = clientSet.validate('api/extension-new', payload).valid;
      const res = await send('lead', `/api/v1/internal/project-extend/${extensionProjectId}`, payload);
      const server = res.statusCode === 201;
      if (server) {
        result.accepted += 1;
        await t.ctx.db.deleteFrom('extensions').where('project_id', '=', extensionProjectId).execute();
        await t.ctx.db.updateTable('projects').set({ state_id: states.get('approve-expire')!, date_end: end }).where('id', '=', extensionProjectId).execute();
      }
      result.payloads += 1;
      result[qa.valid ? 'valid' : 'invalid'] += 1;
      if (qa.valid === form) result.qaFormAgree += 1;
      if (qa.valid === server) {
        result.serverAgree += 1;
        continue;
      }
      const rule = refusalRule(res.statusCode, res.json());
      if (qa.valid && !server && rule && qa.live.includes(rule)) result.live[rule] = (result.live[rule] ?? 0) + 1;
      else result.unexplained.push(`${mutation.name}: server ${res.statusCode} ${res.json().status?.message}, QA tool ${qa.valid ? 'valid' : JSON.stringify(qa.issues)}`);
    }
    const liveCount = Object.values(result.live).reduce((a, b) => a + b, 0);
    console.log(`extensions: ${result.payloads} payloads (${result.valid} valid, ${result.invalid} invalid for the QA tool; ${result.accepted} accepted by the server); QA tool and form agree on ${result.qaFormAgree}; server agrees on ${result.serverAgree}; live-data rules ${JSON.stringify(result.live)}`);
    expect(result.unexplained).toEqual([]);
    expect(result.qaFormAgree).toBe(result.payloads);
    expect(result.serverAgree + liveCount).toBe(result.payloads);
    expect(result.accepted).toBeGreaterThan(0);
    expect(result.invalid).toBeGreaterThan(0);
  });

  it('the QA tool run from its command line decides as judged above and names the rules it left to the server', () => {
    const dir = mkdtempSync(join(tmpdir(), 'agree-'));
    try {
      const file = join(dir, 'research.json');
      writeFileSync(file, JSON.stringify(researchRequest(LED_PROJECTS[0], { resources_type: [{ value: 'PENKALA' }] })));
      const lines: string[] = [];
      expect(runValidate(['requests/research-project', file, '--role', 'user'], (l) => lines.push(l))).toBe(1);
      expect(lines.join('\n')).toMatch(/not judged: registryEligibility/);
      expect(lines.join('\n')).toMatch(/not judged: installedSoftware/);
      expect(lines.join('\n')).toContain('Only staff can choose PENKALA');
      expect(runValidate(['requests/research-project', file, '--role', 'staff'], () => undefined)).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
