import { RegistryClient, RegistryError } from '../../../src/server/registry/registry-client';
import { lookupRegistryPerson } from '../../../src/server/registry/registry-lookup';
import { startRegistryStandIn, type StandIn } from '../../../src/server/registry/stand-in/registry-stand-in';
import type { StandInData } from '../../../src/server/registry/stand-in/stand-in-data';
import { loadSchemaSet } from '../../../src/schema-runtime/node';
import { registryRules } from '../../../src/schema-runtime';

const schemas = loadSchemaSet();
const OIB = { lead: '20930726687', collab: '13625737435', newbie: '93217836615', tsaric: '40903603202', staff: '43489129952' };

function clientOf(standIn: StandIn) {
  return new RegistryClient({ url: standIn.url, username: 'demo', password: 'demo', timeoutMs: 2_000, retries: 0 });
}

function expectValid(data: unknown) {
  expect(schemas.validate('entities/registry-info', { status: { code: 200, message: 'ok' }, data })).toEqual({ valid: true, issues: [] });
}

describe('registry lookup against the demo registry', () => {
  let standIn: StandIn;
  let client: RegistryClient;
  beforeAll(async () => {
    standIn = await startRegistryStandIn({ username: 'demo', password: 'demo' });
    client = clientOf(standIn);
  });
  afterAll(() => standIn.close());

  it('gives a lead her live lead projects with type, institutes and funders, and her email', async () => {
    const data = await lookupRegistryPerson(client, OIB.lead, { graceDays: registryRules(schemas).graceDays });
    expectValid(data);
    expect(data.person_info).toEqual({ first_name: 'Ana', last_name: 'Horvat', croris_id: 41021, mbz: '312456', email: 'ahorvat@fer.hr', lead_status: true });
    expect(data.projects_lead_info.map((p) => p.croris_id).sort()).toEqual([27031, 31877, 35512, 37204]);
    const eu = data.projects_lead_info.find((p) => p.croris_id === 31877)!;
    expect(eu).toMatchObject({ identifier: '101081555', type: 'Obzor Europa', finance: ['European Commission'], title: 'Regionalno modeliranje klime Jadrana visoke razlučivosti' });
    expect(eu.institute).toContainEqual({ class: 'nositelj', name: 'Fakultet elektrotehnike i računarstva' });
    expect(eu.start).toMatch(/^\d{2}\.\d{2}\.\d{4}$/);
  });

  it('leaves out a lead project that ended more than 180 days ago', async () => {
    const data = await lookupRegistryPerson(client, OIB.lead, { graceDays: registryRules(schemas).graceDays });
    expect(data.projects_lead_info.map((p) => p.croris_id)).not.toContain(18842);
    expect(data.projects_associate_ids).not.toContain(18842);
  });

  it('lists the projects she is only an associate on, apart from her lead projects', async () => {
    const data = await lookupRegistryPerson(client, OIB.lead, { graceDays: registryRules(schemas).graceDays });
    expect(data.projects_associate_ids).toEqual([29470]);
    expect(data.projects_associate_info).toEqual([expect.objectContaining({ croris_id: 29470, identifier: 'UIP-2023-02-7716' })]);
  });

  it('keys the collaborators of her lead projects by registry id, emails as the registry joins them', async () => {
    const data = await lookupRegistryPerson(client, OIB.lead, { graceDays: registryRules(schemas).graceDays });
    expect(Object.keys(data.projects_lead_users).sort()).toEqual(['27031', '31877', '35512', '37204']);
    expect(data.projects_lead_users['27031']).toContainEqual({
      first_name: 'Ivan', last_name: 'Kovačević', oib: OIB.collab, email: 'ikovacevic@pmf.hr;ivan.kovacevic@gmail.com', institution: 'Prirodoslovno-matematički fakultet',
    });
    expect(data.projects_lead_users['27031'].map((c) => c.oib)).not.toContain(OIB.lead);
  });

  it('gives a collaborator associate projects only, and the email from the first of them', async () => {
    const data = await lookupRegistryPerson(client, OIB.collab, { graceDays: registryRules(schemas).graceDays });
    expectValid(data);
    expect(data.person_info.lead_status).toBe(false);
    expect(data.projects_lead_info).toEqual([]);
    expect(data.projects_associate_ids).toEqual([27031, 31877, 37204]);
    expect(data.person_info.email).toBe('ikovacevic@pmf.hr;ivan.kovacevic@gmail.com');
  });

  it('drops an associate project whose participation the registry has not verified', async () => {
    const data = await lookupRegistryPerson(client, OIB.newbie, { graceDays: registryRules(schemas).graceDays });
    expect(data.person_info).toMatchObject({ mbz: '398514', lead_status: false });
    expect(data.projects_associate_info).toEqual([]);
    expect(data.projects_lead_info).toEqual([]);
  });

  it('promotes an institution-level lead of a funded project without a lead to lead', async () => {
    const data = await lookupRegistryPerson(client, OIB.tsaric, { graceDays: registryRules(schemas).graceDays });
    expectValid(data);
    expect(data.person_info.lead_status).toBe(true);
    expect(data.projects_lead_info).toEqual([expect.objectContaining({ croris_id: 33105, finance: ['Europski fond za regionalni razvoj'] })]);
    expect(data.projects_lead_users['33105']).toEqual([expect.objectContaining({ first_name: 'Nikola', last_name: 'Perić' })]);
    expect(data.projects_associate_ids).not.toContain(33105);
  });

  it('fails with not found for a person the registry does not know', async () => {
    const error = await lookupRegistryPerson(client, OIB.staff, { graceDays: registryRules(schemas).graceDays }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RegistryError);
    expect(error).toMatchObject({ kind: 'notFound', message: 'Ne postoji traženi resurs' });
  });
});

describe('registry grace period', () => {
  const now = new Date(Date.UTC(2026, 0, 15));
  const data: StandInData = {
    people: [{ persId: 1, oib: '11111111111', firstName: 'Vesna', lastName: 'Lukić', mbz: '100200', email: 'vl@example.hr', institution: 'FER' }],
    projects: [179, 180, 181].map((ago, i) => ({
      id: 100 + i, code: `P-${ago}`, type: 'HRZZ', title: `Ended ${ago} days ago`, summary: '', startDays: -900, endDays: -ago,
      finance: [], institutes: [], members: [{ persId: 1, role: 'voditelj' as const }],
    })),
  };
  let standIn: StandIn;
  beforeAll(async () => {
    standIn = await startRegistryStandIn({ username: 'demo', password: 'demo', data, now: () => now });
  });
  afterAll(() => standIn.close());

  it('keeps a project for 180 days after its end and drops it on the 180th', async () => {
    const result = await lookupRegistryPerson(clientOf(standIn), '11111111111', { now, graceDays: registryRules(schemas).graceDays });
    expect(result.projects_lead_info.map((p) => p.identifier)).toEqual(['P-179']);
    expect(result.projects_lead_info[0].end).toBe('20.07.2025');
  });
});
