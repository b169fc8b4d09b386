/**
 * The bulk filler of the stand-in for the current portal's database (`current-source.ts`), for the
 * import benchmark: tens of thousands of consistent rows in multi-row INSERTs.
 */
import { sql, type Kysely } from 'kysely';
import type { SourceDatabase } from '../../src/server/import-current/source-tables';
import { SOURCE_ROLE, sshEd25519Key, resetSequenceSql } from './current-source-values';
import { rawUser, rawProject, rawKey, rawInvitation, rawComment, rawSoftware } from './current-source-rows';


export interface FillSizes {
  users: number;
  projects: number;
  keys: number;
  /** Each project one lead, the rest collaborators spread evenly over the projects. */
  memberships: number;
  invitations?: number;
  comments?: number;
  software?: number;
}

const CHUNK = 2500;
// States and types of the filled projects by number: mostly approved, 1 in 20 denied (the last).
const STATE_MIX = [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 4, 4, 5, 5, 2, 2, 3];
const TYPE_MIX = [1, 1, 1, 1, 1, 1, 3, 3, 3, 3, 2, 2, 2, 4, 4, 4, 4, 5, 5, 6];

/**
 * Fills the source database (after whatever rows it has) with `sizes` rows of realistic data, in
 * one transaction: multi-row INSERTs of a few thousand rows built by the row builders and sent as
 * JSON (one parameter each), the memberships made in SQL. Every user, project and key is distinct;
 * each project has one lead and the remaining memberships as collaborators; invitations go to
 * projects from their leads; comments are deny comments on denied projects. The foreign-key
 * triggers are skipped when the role is a superuser (the rows are consistent by construction).
 * The identity sequences are moved past the new ids. `onProgress(done, total)` counts rows.
 */
export async function fillCurrentSource(
  db: Kysely<SourceDatabase>,
  sizes: FillSizes,
  onProgress?: (done: number, total: number) => void,
): Promise<void> {
  const { users, projects, keys, memberships } = sizes;
  const invitations = sizes.invitations ?? 0;
  const comments = sizes.comments ?? 0;
  const software = sizes.software ?? 0;
  if ((keys > 0 || memberships > 0) && users === 0) throw new Error('keys and memberships need users');
  if ((memberships > 0 || invitations > 0 || comments > 0) && projects === 0) throw new Error('memberships, invitations and comments need projects');
  const collaborators = Math.max(0, memberships - projects);
  const perProject = Math.floor(collaborators / Math.max(projects, 1));
  const extra = collaborators - perProject * projects;
  if (perProject + (extra > 0 ? 1 : 0) + 1 > users) throw new Error(`${memberships} memberships need more than ${users} users`);

  const total = users + projects + keys + memberships + invitations + comments + software;
  let done = 0;

  await db.transaction().execute(async (trx) => {
    // The rows are consistent by construction: skip the foreign-key triggers where the role may
    // (a superuser, as in the tests and the benchmark), as pg_restore --disable-triggers does.
    const { rows: role } = await sql<{ super: boolean }>`SELECT rolsuper AS super FROM pg_roles WHERE rolname = current_user`.execute(trx);
    if (role[0]?.super) await sql`SET LOCAL session_replication_role = replica`.execute(trx);
    const maxId = async (table: keyof SourceDatabase) => {
      const { rows } = await sql<{ max: number | null }>`SELECT max(id)::int8 AS max FROM ${sql.table(table)}`.execute(trx);
      return rows[0].max ?? 0;
    };
    const insert = async (table: keyof SourceDatabase, count: number, row: (i: number) => Record<string, unknown>) => {
      for (let from = 0; from < count; from += CHUNK) {
        const rows: Record<string, unknown>[] = [];
        for (let i = from; i < Math.min(count, from + CHUNK); i += 1) rows.push(row(i));
        const columns = sql.join(Object.keys(rows[0]).map((c) => sql.ref(c)));
        await sql`INSERT INTO ${sql.table(table)} (${columns})
          SELECT ${columns} FROM json_populate_recordset(NULL::${sql.table(table)}, ${JSON.stringify(rows)}::json)`.execute(trx);
        done += rows.length;
        onProgress?.(done, total);
      }
      if (count > 0) await sql.raw(resetSequenceSql(table)).execute(trx);
    };

    const userBase = await maxId('backend_user');
    const projectBase = await maxId('backend_project');
    const userId = (index: number) => userBase + 1 + (index % users);
    const leadOf = (project: number) => userId(project * 4);

    await insert('backend_user', users, (i) => {
      const n = userBase + 1 + i;
      return { id: n, ...rawUser(n, i % 10 === 9 ? { status: false, person_username: '' } : {}) };
    });

    await insert('backend_project', projects, (i) => {
      const n = projectBase + 1 + i;
      return { id: n, ...rawProject(n, { state_id: STATE_MIX[n % STATE_MIX.length], project_type_id: TYPE_MIX[(n * 7) % TYPE_MIX.length] }) };
    });

    // Project p (0-based) has 1 + perProject members (one more for the first `extra`): its lead,
    // user 4p, and the users after that one as collaborators. Made in SQL: no row to build here.
    const membershipBase = await maxId('backend_userproject');
    const leads = Math.min(projects, memberships);
    const projectsPerChunk = Math.max(1, Math.floor(CHUNK / (perProject + 1)));
    for (let from = 0; from < leads; from += projectsPerChunk) {
      const to = Math.min(leads, from + projectsPerChunk);
      const { numAffectedRows } = await sql`INSERT INTO backend_userproject (id, date_joined, project_id, role_id, user_id)
        SELECT ${membershipBase}::int8 + p * (${perProject}::int8 + 1) + least(p, ${extra}::int8) + m + 1,
          timestamptz '2024-01-20 09:00:00Z' + ((p + m * 11) % 700) * interval '1 day',
          ${projectBase}::int8 + 1 + p,
          CASE WHEN m = 0 THEN ${SOURCE_ROLE.lead}::int8 ELSE ${SOURCE_ROLE.collaborator}::int8 END,
          ${userBase}::int8 + 1 + (p * 4 + m) % ${users}::int8
        FROM generate_series(${from}::int8, ${to - 1}::int8) AS p,
          LATERAL generate_series(0::int8, ${perProject}::int8 + CASE WHEN p < ${extra}::int8 THEN 1 ELSE 0 END) AS m`.execute(trx);
      done += Number(numAffectedRows ?? 0);
      onProgress?.(done, total);
    }
    if (leads > 0) await sql.raw(resetSequenceSql('backend_userproject')).execute(trx);

    const keyBase = await maxId('backend_sshpublickey');
    await insert('backend_sshpublickey', keys, (i) => {
      const n = keyBase + 1 + i;
      const key = sshEd25519Key(n);
      const round = Math.floor(i / users);
      return { id: n, ...rawKey(n, { user_id: userId(i), name: round === 0 ? 'laptop' : `kljuc-${round + 1}`, ...key }) };
    });

    const invitationBase = await maxId('backend_custominvitation');
    await insert('backend_custominvitation', invitations, (i) => {
      const n = invitationBase + 1 + i;
      const p = i % projects;
      const foreign = n % 10 === 0;
      return {
        id: n,
        ...rawInvitation(n, {
          project_id: projectBase + 1 + p,
          inviter_id: leadOf(p),
          invtype: foreign ? 'foreign' : 'local',
          ...(foreign ? { email: `guest.${n}@uni-example.eu` } : {}),
        }),
      };
    });

    // Deny comments go to the denied projects (state 3 at every 20th), when there are any.
    const firstDenied = (((19 - projectBase - 1) % 20) + 20) % 20;
    const denied = firstDenied < projects ? Math.floor((projects - 1 - firstDenied) / 20) + 1 : 0;
    const commentProject = (i: number) => (denied > 0 ? firstDenied + 20 * (i % denied) : i % projects);
    const commentBase = await maxId('backend_staffcomment');
    await insert('backend_staffcomment', comments, (i) => {
      const n = commentBase + 1 + i;
      return { id: n, ...rawComment(n, { project_id: projectBase + 1 + commentProject(i) }) };
    });

    const softwareBase = await maxId('backend_sciencesoftware');
    await insert('backend_sciencesoftware', software, (i) => {
      const n = softwareBase + 1 + i;
      return { id: n, ...rawSoftware(n, {}) };
    });
  });
}
