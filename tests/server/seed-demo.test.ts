import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import { seedDemo } from '../../src/server/demo/seed-demo';
import type { Database } from '../../src/server/db/tables';
import { verifyPassword } from '../../src/server/users/passwords';
import type { SchemaSet } from '../../src/schema-runtime';
import { openTestDatabase } from '../../harness/test-database';
import { requestDateCeiling } from '../../src/schema-runtime';

const NOW = new Date('2026-11-21T10:00:00Z');
const DEMO_ACCOUNTS = ['staff', 'admin', 'lead', 'collab', 'foreign', 'newbie'];

let db: Kysely<Database>;
let schemas: SchemaSet;
let close: () => Promise<void>;
let seeded: boolean;

beforeAll(async () => {
  ({ db, schemas, close } = await openTestDatabase());
  seeded = await seedDemo(db, schemas, NOW);
});

afterAll(() => close());

/** What `ssh-keygen -l -E md5` prints, without `MD5:`: the MD5 of the base64 key blob. */
function md5Fingerprint(publicKey: string): string {
  const blob = Buffer.from(publicKey.split(/\s+/)[1], 'base64');
  return createHash('md5').update(blob).digest('hex').match(/../g)!.join(':');
}

function projectsOf(username: string, role: 'lead' | 'collaborator') {
  return db
    .selectFrom('projects')
    .innerJoin('memberships', 'memberships.project_id', 'projects.id')
    .innerJoin('users', 'users.id', 'memberships.user_id')
    .innerJoin('roles', 'roles.id', 'memberships.role_id')
    .innerJoin('states', 'states.id', 'projects.state_id')
    .innerJoin('project_types', 'project_types.id', 'projects.project_type_id')
    .select(['projects.id', 'projects.identifier', 'projects.is_active', 'projects.date_end', 'states.name as state', 'project_types.name as type'])
    .where('users.username', '=', username)
    .where('roles.name', '=', role)
    .execute();
}

describe('seedDemo', () => {
  it('seeds an empty database', () => {
    expect(seeded).toBe(true);
  });

  it('gives the lead a project in every state of rules/states', async () => {
    const states = schemas.vocabulary('rules/states').map((s) => s.value);
    const led = await projectsOf('lead', 'lead');
    expect(new Set(led.map((p) => p.state))).toEqual(new Set(states));
  });

  it('uses every project type, the workshop one named after the product', async () => {
    const led = await projectsOf('lead', 'lead');
    const types = schemas.vocabulary('rules/project-types').map((t) => t.value);
    expect(new Set(led.map((p) => p.type))).toEqual(new Set(types));
    expect(types).toContain(`${schemas.service.productKey}-workshop`);
  });

  it('marks exactly the projects in active states as active', async () => {
    const active = new Set(schemas.vocabulary<{ isActive: boolean }>('rules/states').filter((s) => s.isActive).map((s) => s.value));
    const rows = await db.selectFrom('projects').innerJoin('states', 'states.id', 'projects.state_id').select(['is_active', 'states.name']).execute();
    for (const row of rows) expect(row.is_active).toBe(active.has(row.name));
  });

  it('creates the demo accounts with password = username', async () => {
    const users = await db.selectFrom('users').selectAll().where('username', 'in', DEMO_ACCOUNTS).execute();
    expect(users.map((u) => u.username).sort()).toEqual([...DEMO_ACCOUNTS].sort());
    for (const user of users) {
      await expect(verifyPassword(user.username, user.password_hash)).resolves.toBe(true);
      await expect(verifyPassword(`${user.username}x`, user.password_hash)).resolves.toBe(false);
    }
    const byName = new Map(users.map((u) => [u.username, u]));
    expect(byName.get('staff')).toMatchObject({ is_staff: true, is_superuser: false });
    expect(byName.get('admin')).toMatchObject({ is_staff: false, is_superuser: true });
    expect(byName.get('lead')).toMatchObject({ status: true, person_username: 'ahorvat', person_type: 'local' });
    expect(byName.get('foreign')).toMatchObject({ person_type: 'foreign', person_uniqueid: 'jane.doe@uni-example.eu', status: true });
    expect(byName.get('newbie')).toMatchObject({ status: false, person_username: '' });
  });

  it('adds ordinary users so the staff lists are not empty', async () => {
    const others = await db.selectFrom('users').select('username').where('username', 'not in', DEMO_ACCOUNTS).execute();
    expect(others.length).toBeGreaterThanOrEqual(10);
  });

  it('gives people unique 11-digit OIBs and never a cluster login without an approved project', async () => {
    const users = await db.selectFrom('users').selectAll().execute();
    const oibs = users.map((u) => u.person_oib).filter(Boolean);
    for (const oib of oibs) expect(oib).toMatch(/^\d{11}$/);
    expect(new Set(oibs).size).toBe(oibs.length);
    const newbie = users.find((u) => u.username === 'newbie')!;
    expect(newbie.person_username).toBe('');
  });

  it('makes collab a collaborator on active projects of the lead only', async () => {
    const projects = await projectsOf('collab', 'collaborator');
    expect(projects.length).toBeGreaterThan(0);
    for (const p of projects) expect(p.is_active).toBe(true);
    expect(await projectsOf('newbie', 'collaborator')).toEqual([]);
    expect(await projectsOf('foreign', 'collaborator')).toHaveLength(1);
  });

  it('builds identifiers from the request type prefixes and sets the counter to this month’s count', async () => {
    const rows = await db.selectFrom('projects').select(['identifier', 'croris_identifier']).execute();
    const counterBased = rows.filter((r) => !r.croris_identifier);
    for (const r of counterBased) expect(r.identifier).toMatch(/^(NR|NRI|NRM|NRR|NRC)-\d{4}-\d{2}-\d{3}$/);
    for (const r of rows.filter((r) => r.croris_identifier)) expect(r.identifier).toBe(r.croris_identifier);
    const counter = await db.selectFrom('project_counter').selectAll().executeTakeFirstOrThrow();
    expect(counter.month).toBe('2026-11');
    expect(counter.counter).toBe(counterBased.filter((r) => r.identifier.includes('-2026-11-')).length);
    expect(counter.counter).toBeGreaterThan(0);
  });

  it('stores science fields and resource numbers the schemas accept, and dates before the ceiling', async () => {
    const rows = await db.selectFrom('projects').select(['science_field', 'resources_numbers', 'date_start', 'date_end']).execute();
    for (const row of rows) {
      expect(schemas.validate('rules/science-domains', row.science_field).valid).toBe(true);
      expect(schemas.validate('rules/resource-limits', row.resources_numbers).valid).toBe(true);
      expect(row.date_start! <= row.date_end!).toBe(true);
      expect(row.date_end! <= requestDateCeiling(schemas)).toBe(true);
    }
  });

  it('keeps registry data on research projects, with an EU financier', async () => {
    const rows = await db.selectFrom('projects').selectAll().where('croris_id', 'is not', null).execute();
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.croris_identifier).not.toBe('');
      expect((row.croris_institute as { class: string }[]).some((i) => i.class === 'nositelj')).toBe(true);
    }
    expect(rows.some((r) => (r.croris_finance as string[]).some((f) => f.toLowerCase().includes('euro')))).toBe(true);
  });

  it('records the deny with a staff comment and the extensions', async () => {
    const [denied] = (await projectsOf('lead', 'lead')).filter((p) => p.state === 'deny');
    const comments = await db.selectFrom('staff_comments').selectAll().where('project_id', '=', denied.id).execute();
    expect(comments).toHaveLength(1);
    expect(comments[0].project_state).toBe('deny');
    const extensions = await db
      .selectFrom('extensions')
      .innerJoin('projects', 'projects.id', 'extensions.project_id')
      .innerJoin('states', 'states.id', 'projects.state_id')
      .select(['states.name as state', 'extensions.approved'])
      .execute();
    expect(extensions).toEqual(
      expect.arrayContaining([
        { state: 'submit-extend', approved: false },
        { state: 'extend', approved: true },
      ]),
    );
  });

  it('stores the SSH keys with their MD5 fingerprints', async () => {
    const keys = await db.selectFrom('ssh_keys').innerJoin('users', 'users.id', 'ssh_keys.user_id').select(['username', 'fingerprint', 'public_key']).execute();
    expect(new Set(keys.map((k) => k.username))).toEqual(new Set(['lead', 'collab']));
    for (const key of keys) {
      expect(key.fingerprint).toMatch(/^([0-9a-f]{2}:){15}[0-9a-f]{2}$/);
      expect(key.fingerprint).toBe(md5Fingerprint(key.public_key));
    }
  });

  it('stores the fingerprint ssh-keygen shows for the collaborator key', async () => {
    const key = await db.selectFrom('ssh_keys').innerJoin('users', 'users.id', 'ssh_keys.user_id').select('fingerprint').where('username', '=', 'collab').executeTakeFirstOrThrow();
    expect(key.fingerprint).toBe('f6:17:68:33:00:ba:fa:a7:80:e1:fc:09:6f:c3:10:c1');
  });

  it('leaves pending invitations of the lead and one expired one', async () => {
    const invites = await db.selectFrom('invites').selectAll().execute();
    const ages = invites.map((i) => (NOW.getTime() - new Date(i.sent!).getTime()) / 86_400_000);
    expect(ages.filter((a) => a === 1).length).toBeGreaterThan(0);
    expect(ages.filter((a) => a === 10)).toHaveLength(1);
    for (const invite of invites) {
      expect(invite.key).toMatch(/^[a-z0-9]{64}$/);
      expect(invite).toMatchObject({ accepted: false, invtype: 'local' });
    }
  });

  it('loads the initial software list', async () => {
    const software = await db.selectFrom('science_software').selectAll().execute();
    expect(software).toHaveLength(35);
    expect(software[0].added_by).toEqual({ username: 'initial', first_name: 'Initial', last_name: 'set' });
    expect(new Date(software[0].created).toISOString()).toBe('2023-04-20T10:00:00.000Z');
  });

  it('does nothing the second time', async () => {
    const count = async () => Number((await db.selectFrom('projects').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);
    const before = await count();
    await expect(seedDemo(db, schemas, NOW)).resolves.toBe(false);
    expect(await count()).toBe(before);
  });
});

/** The lead's accounting page shows a grant that runs out early, whichever day the demo is seeded on (docs/decisions/0290-hours-granted.md). */
describe('seedDemo’s grants', () => {
  // Two months before the rules' last end date: the day a grant sized for "one more month at a project with two months to go" found none.
  it.each(['2026-12-03T10:00:00Z', '2026-11-21T10:00:00Z'])('leave a lead’s project whose hours run out before its end, seeded on %s', async (day) => {
    const own = await openTestDatabase();
    try {
      await seedDemo(own.db, own.schemas, new Date(day));
      const early = await own.db
        .selectFrom('projects')
        .innerJoin('memberships', 'memberships.project_id', 'projects.id')
        .innerJoin('users', 'users.id', 'memberships.user_id')
        .select(['projects.grant_runs_out', 'projects.date_end'])
        .where('users.username', '=', 'lead')
        .where('projects.grant_runs_out', 'is not', null)
        .execute();
      expect(early.length).toBeGreaterThan(0);
      for (const p of early) expect(String(p.grant_runs_out) < String(p.date_end)).toBe(true);
    } finally {
      await own.close();
    }
  });
});
