import type { Kysely } from 'kysely';
import type { Database } from '../../src/server/db/tables';
import { lookupIds } from '../../src/server/db/vocabularies';

/** A small seeded random source (mulberry32): the same rows on every run. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

/** Last names with the letters the Croatian alphabet orders on its own, case variants and equals. */
const LAST = [
  'Horvat', 'horvat', 'HORVAT', 'Horvatić', 'Čačić', 'Cvitković', 'Ćosić', 'Dragić', 'Džaja', 'DŽAJA', 'Đurić', 'Dujmović',
  'Ljubić', 'LJUBIĆ', 'lJubić', 'Lukić', 'Lovrić', 'Njegovan', 'Novak', 'Nikolić', 'Šarić', 'Sabljak', 'Žagar', 'Zorić',
  "O'Brien", 'Müller', 'van der Berg', 'Ivić', 'Ivić-Kovač', 'Babić', 'Ćurković',
];
const FIRST = ['Ana', 'ana', 'Ána', 'Ivan', 'Ljubica', 'Lana', 'Nikola', 'Đuro', 'Dragan', 'Džemal', 'Čedomir', 'Ćiril', 'Šime', 'Željko', 'Émile', 'Marija Ana', ''];
const INSTITUTIONS = ['Fakultet elektrotehnike i računarstva', 'Prirodoslovno-matematički fakultet', 'Institut Ruđer Bošković', 'Sveučilište u Zagrebu', ''];
const PROJECT_WORDS = ['Računalna', 'kemija', 'Strojno', 'učenje', 'Đakovo', 'Modeli', 'klime', 'ŽIVOT', 'stanica', 'Ljudski', 'genom', 'Njemački', 'jezik'];
const FINANCE: (string[] | null)[] = [null, [], ['Euro fond'], ['HRZZ'], ['Hrvatska zaklada za znanost', 'EUROPSKA KOMISIJA'], ['Ministarstvo']];
const RESOURCES = ['CPU', 'GPU', 'CLOUD', 'BIGMEM', 'JUPYTER'];

/**
 * Adds `users` users and `projects` projects with members to a database (beside the demo data) for
 * the grid tests: every state and type, names that sort and search differently in Croatian, equal
 * names and instants (ties), sign-ups just before midnight UTC (the next day in Zagreb), missing
 * dates and submissions, empty first names and institutions, funders with and without 'euro',
 * inactive users with and without memberships, and users with and without SSH keys.
 */
export async function addGridRows(db: Kysely<Database>, users: number, projects: number, seed = 15): Promise<void> {
  const next = random(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)];
  const states = [...(await lookupIds(db, 'states')).values()];
  const types = [...(await lookupIds(db, 'project_types')).values()];
  const roles = await lookupIds(db, 'roles');
  const base = Date.UTC(2024, 0, 1, 12);
  let joined = base;
  const userRows = Array.from({ length: users }, (_, i) => {
    // Every seventh shares the previous one's instant; others land at 23:xx UTC now and then.
    if (i % 7 !== 0) joined = base + i * 86_400_000 * 3 + (i % 4 === 0 ? 11 * 3_600_000 + 1_800_000 : 0) + (i % 5) * 137;
    return {
      username: `gen${i}@example.org`,
      first_name: pick(FIRST),
      last_name: pick(LAST),
      person_institution: pick(INSTITUTIONS),
      person_mail: i % 9 === 0 ? '' : `gen${i}@example.org`,
      person_uniqueid: `gen${i}@example.org`,
      person_username: i % 4 === 0 ? '' : `gu${i}`,
      status: i % 5 !== 0,
      date_joined: new Date(joined).toISOString(),
    };
  });
  const ids = (await db.insertInto('users').values(userRows).returning('id').execute()).map((r) => r.id);
  const keyed = ids.filter((_, i) => i % 3 === 0);
  if (keyed.length)
    await db
      .insertInto('ssh_keys')
      .values(keyed.flatMap((id, k) => Array.from({ length: 1 + (k % 2) }, (_, n) => ({ user_id: id, name: `k${n}`, fingerprint: `fp-${id}-${n}`, public_key: `ssh-ed25519 AAAA${id}x${n} gen` }))))
      .execute();
  let submitted = base;
  const projectRows = Array.from({ length: projects }, (_, i) => {
    if (i % 6 !== 0) submitted = base + i * 3_600_000 * 30;
    const resources = RESOURCES.filter(() => next() < 0.35).map((value) => ({ label: value, value }));
    const start = i % 8 === 0 ? null : new Date(base + i * 86_400_000 * 11).toISOString().slice(0, 10);
    return {
      identifier: `GEN-${2024 + (i % 3)}-${String(i).padStart(3, '0')}`,
      name: `${pick(PROJECT_WORDS)} ${pick(PROJECT_WORDS)} ${i}`,
      institute: pick(INSTITUTIONS),
      reason: 'Generated for the grid tests.',
      state_id: pick(states),
      project_type_id: pick(types),
      date_submitted: i % 10 === 0 ? null : new Date(submitted).toISOString(),
      date_start: start,
      date_end: start === null || i % 5 === 0 ? null : new Date(base + i * 86_400_000 * 11 + 365 * 86_400_000).toISOString().slice(0, 10),
      croris_finance: JSON.stringify(pick(FINANCE)),
      staff_resources_type: JSON.stringify(resources),
      resources_type: JSON.stringify(RESOURCES.filter(() => next() < 0.3).map((value) => ({ label: value, value }))),
    };
  });
  const projectIds = (await db.insertInto('projects').values(projectRows).returning('id').execute()).map((r) => r.id);
  const memberships = projectIds.flatMap((projectId, i) => {
    const chosen = new Set<number>();
    for (let k = 0; k < i % 5; k += 1) chosen.add(pick(ids));
    return [...chosen].map((userId, k) => ({ user_id: userId, project_id: projectId, role_id: roles.get(k === 0 ? 'lead' : 'collaborator')! }));
  });
  if (memberships.length) await db.insertInto('memberships').values(memberships).execute();
}
