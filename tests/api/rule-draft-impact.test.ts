import { startTestApp, type Caller, type TestApp } from '../../harness/test-app';
import { copySchemas } from '../../harness/schema-copy';

type Doc = Record<string, any>;
const DOMAINS = 'rules/science-domains.json';
const REQUEST_TYPES = 'requests/index.json';
const CLUSTERS = 'rules/clusters.json';
const RESOURCE_TYPES = 'rules/resource-types.json';

// The impact of a draft that removes what stored data names (docs/decisions/0640-rules-edited-in-the-browser.md):
// a resource type, a science domain and a field, a request type removed and one no longer offered,
// a cluster with hours granted on it, and the open invitations to those projects. Changed limits:
// rule-drafts.test.ts.
describe('the impact of a draft that removes resource types, domains, request types and clusters', () => {
  const copy = copySchemas();
  let t: TestApp;
  let staff: Caller;
  let admin: Caller;
  const send = (caller: Caller, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, lang: 'hr' | 'en' = 'en') =>
    t.app.inject({ method, url, headers: { cookie: caller.cookie, 'x-csrftoken': caller.csrf, 'accept-language': lang }, ...(payload !== undefined ? { payload: payload as object } : {}) });
  const newDraft = async () => {
    const res = await send(admin, 'POST', '/api/v1/internal/rule-drafts/');
    expect(res.statusCode).toBe(201);
    return res.json() as { id: number; files: Record<string, Doc> };
  };
  const put = async (id: number, file: string, doc: Doc) => expect((await send(admin, 'PUT', `/api/v1/internal/rule-drafts/${id}/file`, { file, doc })).statusCode).toBe(200);
  const impactOf = async (id: number) => {
    const res = await send(staff, 'GET', `/api/v1/internal/rule-drafts/${id}/impact`);
    expect(res.statusCode).toBe(200);
    return res.json() as { total: number; items: Array<{ kind: string; identifier: string; link: string; en: string; hr: string }> };
  };
  const share = (domain: string, field: string) => JSON.stringify([{ name: { label: domain, value: domain }, percent: 100, scientificfields: [{ name: { label: field, value: field }, percent: 100 }] }]);
  /** Every row the impact could read, to compare before and after. */
  const stored = async () => ({
    projects: await t.ctx.db.selectFrom('projects').selectAll().orderBy('id').execute(),
    invites: await t.ctx.db.selectFrom('invites').selectAll().orderBy('id').execute(),
    grants: await t.ctx.db.selectFrom('project_grants').selectAll().orderBy('id').execute(),
  });

  beforeAll(async () => {
    t = await startTestApp({ live: { dir: copy.dir } });
    [staff, admin] = [await t.login('staff'), await t.login('admin')];
    const states = new Map((await t.ctx.db.selectFrom('states').select(['id', 'name']).execute()).map((s) => [s.name, s.id]));
    const types = new Map((await t.ctx.db.selectFrom('project_types').select(['id', 'name']).execute()).map((s) => [s.name, s.id]));
    const add = async (identifier: string, state: string, type: string, science: string, resources: string[] = ['CPU']) =>
      (
        await t.ctx.db
          .insertInto('projects')
          .values({
            identifier,
            name: identifier,
            reason: 'Test',
            state_id: states.get(state)!,
            project_type_id: types.get(type)!,
            date_start: '2026-01-01',
            date_end: '2027-12-31',
            science_field: science,
            resources_type: JSON.stringify(resources.map((value) => ({ label: value, value }))),
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    await add('REMOVED-DOMAIN', 'approve', 'research-croris', share('Humanističke znanosti', 'Filozofija'));
    await add('REMOVED-DOMAIN-DENIED', 'deny', 'research-croris', share('Humanističke znanosti', 'Filozofija'));
    await add('REMOVED-FIELD', 'submit', 'research-croris', share('Prirodne znanosti', 'Matematika'));
    const internal = await add('REMOVED-TYPE', 'approve', 'internal', share('Tehničke znanosti', 'Računarstvo'));
    await add('REMOVED-TYPE-EXPIRED', 'expire', 'internal', share('Tehničke znanosti', 'Računarstvo'));
    await add('NOT-OFFERED', 'submit', 'research-institutional', share('Tehničke znanosti', 'Računarstvo'));
    const granted = await add('REMOVED-CLUSTER', 'approve', 'research-croris', share('Tehničke znanosti', 'Računarstvo'));
    await add('REMOVED-RESOURCE', 'approve', 'research-croris', share('Tehničke znanosti', 'Računarstvo'), ['CPU', 'PENKALA']);
    const untouched = await add('UNTOUCHED', 'approve', 'research-croris', share('Tehničke znanosti', 'Računarstvo'));
    const day = 24 * 3600 * 1000;
    await t.ctx.db
      .insertInto('invites')
      .values([
        { key: 'impact-open', email: 'open@example.org', project_id: internal, created: new Date(Date.now() - day), sent: new Date(Date.now() - day), invtype: 'local' },
        { key: 'impact-accepted', email: 'accepted@example.org', project_id: internal, accepted: true, created: new Date(), invtype: 'local' },
        { key: 'impact-expired', email: 'expired@example.org', project_id: internal, created: new Date(Date.now() - 30 * day), sent: new Date(Date.now() - 30 * day), invtype: 'local' },
        { key: 'impact-granted', email: 'granted@example.org', project_id: granted, created: new Date(), invtype: 'local' },
        { key: 'impact-untouched', email: 'untouched@example.org', project_id: untouched, created: new Date(), invtype: 'local' },
      ])
      .execute();
    // Two grants on the removed cluster (the newer in force) and one on a kept cluster.
    await t.ctx.db
      .insertInto('project_grants')
      .values([
        { project_id: granted, cluster: 'galaxy', cpuh: 100, gpuh: null, state: 'approve', granted_at: new Date(Date.now() - 10 * day) },
        { project_id: granted, cluster: 'galaxy', cpuh: 200, gpuh: null, state: 'approve', granted_at: new Date() },
        { project_id: granted, cluster: 'supek', cpuh: 300, gpuh: null, state: 'approve', granted_at: new Date() },
      ])
      .execute();
  });
  afterAll(async () => {
    await t.close();
    copy.remove();
  });

  it('lists nothing for a draft that removes nothing', async () => {
    const draft = await newDraft();
    expect(await impactOf(draft.id)).toEqual({ total: 0, items: [] });
  });

  it('lists a request giving a share to a field whose stored value the draft renames as it lists a removed field, and changes nothing', async () => {
    const draft = await newDraft();
    const domains = structuredClone(draft.files[DOMAINS]);
    const natural = (domains.definitions.domainShare.oneOf as Doc[]).map((b) => b.properties.name.properties.value).find((v) => v.const === 'Prirodne znanosti');
    natural.fields.find((f: Doc) => f.value === 'Matematika').value = 'Matematičke znanosti';
    await put(draft.id, DOMAINS, domains);
    const before = await stored();
    const impact = await impactOf(draft.id);
    expect(impact.items.filter((i) => /^(REMOVED|NOT-OFFERED|UNTOUCHED)/.test(i.identifier))).toEqual([
      {
        kind: 'scienceFieldRemoved',
        identifier: 'REMOVED-FIELD',
        link: '/ui/requests/REMOVED-FIELD',
        en: 'REMOVED-FIELD gives a share to the science field "Mathematics", which the draft removes from "Natural sciences"',
        hr: 'REMOVED-FIELD ima udio u znanstvenom polju „Matematika”, koje nacrt uklanja iz područja „Prirodne znanosti”',
      },
    ]);
    expect(await stored()).toEqual(before);
    // Only the stored value names the field: a renamed label is no removal.
    const relabelled = await newDraft();
    const labels = structuredClone(relabelled.files[DOMAINS]);
    labels.definitions.domainShare.oneOf[0].properties.name.properties.value.fields[0].label = { hr: 'Matematičke znanosti', en: 'Mathematical sciences' };
    await put(relabelled.id, DOMAINS, labels);
    expect(await impactOf(relabelled.id)).toEqual({ total: 0, items: [] });
  });

  it('lists the requests, projects, grants and open invitations the removals affect, in both languages with links, and changes nothing', async () => {
    const draft = await newDraft();
    const domains = structuredClone(draft.files[DOMAINS]);
    const branches = domains.definitions.domainShare.oneOf as Doc[];
    const valueOf = (branch: Doc) => branch.properties.name.properties.value;
    domains.definitions.domainShare.oneOf = branches.filter((b) => valueOf(b).const !== 'Humanističke znanosti');
    const natural = valueOf(branches.find((b) => valueOf(b).const === 'Prirodne znanosti')!);
    natural.fields = natural.fields.filter((f: Doc) => f.value !== 'Matematika');
    await put(draft.id, DOMAINS, domains);
    const types = structuredClone(draft.files[REQUEST_TYPES]);
    types.oneOf = types.oneOf.filter((r: Doc) => r.const !== 'internal-project');
    types.oneOf.find((r: Doc) => r.const === 'institutional-project').accepting = false;
    await put(draft.id, REQUEST_TYPES, types);
    const clusters = structuredClone(draft.files[CLUSTERS]);
    clusters.oneOf = clusters.oneOf.filter((c: Doc) => c.const !== 'galaxy');
    await put(draft.id, CLUSTERS, clusters);
    const resources = structuredClone(draft.files[RESOURCE_TYPES]);
    resources.oneOf = resources.oneOf.filter((r: Doc) => r.const !== 'PENKALA');
    await put(draft.id, RESOURCE_TYPES, resources);

    const before = await stored();
    const impact = await impactOf(draft.id);
    const ours = impact.items.filter((i) => /^(REMOVED|NOT-OFFERED|UNTOUCHED)/.test(i.identifier));
    expect(ours).toEqual([
      {
        kind: 'resourceTypeRemoved',
        identifier: 'REMOVED-RESOURCE',
        link: '/ui/projects/REMOVED-RESOURCE',
        en: 'REMOVED-RESOURCE uses the resource type PENKALA, which the draft removes',
        hr: 'REMOVED-RESOURCE koristi vrstu resursa PENKALA, koju nacrt uklanja',
      },
      {
        kind: 'scienceFieldRemoved',
        identifier: 'REMOVED-FIELD',
        link: '/ui/requests/REMOVED-FIELD',
        en: 'REMOVED-FIELD gives a share to the science field "Mathematics", which the draft removes from "Natural sciences"',
        hr: 'REMOVED-FIELD ima udio u znanstvenom polju „Matematika”, koje nacrt uklanja iz područja „Prirodne znanosti”',
      },
      {
        kind: 'scienceDomainRemoved',
        identifier: 'REMOVED-DOMAIN',
        link: '/ui/projects/REMOVED-DOMAIN',
        en: 'REMOVED-DOMAIN gives a share to the science domain "Humanities", which the draft removes',
        hr: 'REMOVED-DOMAIN ima udio u znanstvenom području „Humanističke znanosti”, koje nacrt uklanja',
      },
      {
        kind: 'requestTypeNotOffered',
        identifier: 'NOT-OFFERED',
        link: '/ui/requests/NOT-OFFERED',
        en: 'NOT-OFFERED is of the request type "Institutional project", which the draft no longer offers',
        hr: 'NOT-OFFERED je vrste zahtjeva „Institucijski projekt”, koju nacrt više ne nudi',
      },
      {
        kind: 'requestTypeRemoved',
        identifier: 'REMOVED-TYPE',
        link: '/ui/projects/REMOVED-TYPE',
        en: 'REMOVED-TYPE is of the request type "Internal project", which the draft removes',
        hr: 'REMOVED-TYPE je vrste zahtjeva „Interni projekt”, koju nacrt uklanja',
      },
      {
        kind: 'grantClusterRemoved',
        identifier: 'REMOVED-CLUSTER',
        link: '/ui/projects/REMOVED-CLUSTER',
        en: 'REMOVED-CLUSTER has hours granted on the cluster Galaxy, which the draft removes',
        hr: 'REMOVED-CLUSTER ima dodijeljene sate na klasteru Galaxy, koji nacrt uklanja',
      },
      {
        kind: 'invitePending',
        identifier: 'REMOVED-CLUSTER',
        link: '/ui/projects/REMOVED-CLUSTER',
        en: 'REMOVED-CLUSTER: the invitation to granted@example.org is still open, and the draft affects the project',
        hr: 'REMOVED-CLUSTER: pozivnica za granted@example.org još je otvorena, a nacrt utječe na projekt',
      },
      {
        kind: 'invitePending',
        identifier: 'REMOVED-TYPE',
        link: '/ui/projects/REMOVED-TYPE',
        en: 'REMOVED-TYPE: the invitation to open@example.org is still open, and the draft affects the project',
        hr: 'REMOVED-TYPE: pozivnica za open@example.org još je otvorena, a nacrt utječe na projekt',
      },
    ]);
    // In the order of the rules' lists (a domain's removed fields come where the domain is); the demo's
    // internal project is listed too, and every item is counted.
    expect(impact.items.filter((i) => i.kind === 'requestTypeRemoved').length).toBeGreaterThan(1);
    expect(impact.total).toBe(impact.items.length);
    expect(await stored()).toEqual(before);

    // Publishing asks for the confirmation, with the same count; once confirmed, nothing stored changed.
    const unconfirmed = await send(admin, 'POST', `/api/v1/internal/rule-drafts/${draft.id}/publish`, { note: 'Fewer choices' });
    expect(unconfirmed.statusCode).toBe(409);
    expect(unconfirmed.json().impact.total).toBe(impact.total);
    const published = await send(admin, 'POST', `/api/v1/internal/rule-drafts/${draft.id}/publish`, { note: 'Fewer choices', confirmImpact: true });
    expect(published.json()).toMatchObject({ status: 'live' });
    expect(await stored()).toEqual(before);
  });
});
