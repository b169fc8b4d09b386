/**
 * Keeps personal data no longer than rules/retention.json says (GDPR Art. 5(1)(e)). Each rule
 * removes rows of one or more tables past its period. The count staff see is the same removal run
 * in a transaction that is rolled back, so the count before a run is, table by table, what the run
 * removes. The job takes a transaction-level advisory lock and a process that does not get it skips
 * the round: one process applies the rules at a time.
 */
import { sql, type ExpressionBuilder, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import type { RetentionRule } from '@generated';
import type { Database } from '@/server/db/tables';
import { retentionCutoff, retentionRules, type RetentionRuleEntry, type SchemaCatalog } from '@/schema-runtime';
import { addressesIn } from '../users/user-addresses';

const RETENTION_LOCK = sql`hashtext('retention')`;

/** The tables a rule removes rows of. */
export const RETENTION_TABLES = ['login_attempts', 'outbox', 'ssh_keys', 'sessions', 'invites', 'digest_items', 'project_mail_mutes', 'registry_snapshots'] as const;
export type RetentionTable = (typeof RETENTION_TABLES)[number];

/** What a rule would remove, or removed: its rows (for inactive-users the users reduced) and each table's removed rows. */
export interface RetentionCount {
  rule: RetentionRule;
  period: RetentionRuleEntry['period'];
  rows: number;
  tables: { table: RetentionTable; rows: number }[];
}

/**
 * A user past the inactive-users period: no staff, a member of no active project (active_members,
 * kept by the database), no sign-in since the cutoff (joining counts when they never signed in), and
 * something left to remove.
 */
function inactiveUser(cutoff: Date) {
  return (eb: ExpressionBuilder<Database, 'users'>) =>
    eb.and([
      eb('users.is_staff', '=', false),
      eb('users.is_superuser', '=', false),
      eb.not(eb.exists(eb.selectFrom('active_members').select('active_members.user_id').whereRef('active_members.user_id', '=', 'users.id'))),
      eb(eb.fn.coalesce('users.last_login', 'users.date_joined'), '<', cutoff),
      eb.or([
        eb('users.person_oib', '<>', ''),
        eb('users.person_mail', '<>', ''),
        eb('users.croris_mail', '<>', ''),
        eb('users.person_uniqueid', '<>', ''),
        eb('users.password_hash', 'is not', null),
        eb.exists(eb.selectFrom('ssh_keys').select('ssh_keys.id').whereRef('ssh_keys.user_id', '=', 'users.id')),
        eb.exists(eb.selectFrom('sessions').select('sessions.id').whereRef('sessions.user_id', '=', 'users.id')),
      ]),
    ]);
}

/** Deletes the rows of `table` that `where` names; how many. */
async function removeRows(trx: Transaction<Database>, table: RetentionTable, where: RawBuilder<boolean>): Promise<number> {
  const { rows } = await sql<{ n: number }>`WITH gone AS (DELETE FROM ${sql.table(table)} WHERE ${where} RETURNING 1) SELECT count(*)::int AS n FROM gone`.execute(trx);
  return rows[0]?.n ?? 0;
}

const texts = (values: string[]) => sql`${values}::text[]`;

/** An outbox row whose To or Cc list ("a@x, Name <b@y>") holds one of the addresses (lower-cased). */
const outboxTo = (addresses: string[]) =>
  sql<boolean>`EXISTS (SELECT 1 FROM regexp_split_to_table(lower(outbox.to_addr || ',' || outbox.cc_addr), '[;,]') AS a(addr)
    WHERE regexp_replace(trim(a.addr), '^.*<([^>]+)>$', '\\1') = ANY(${texts(addresses)}))`;

/**
 * Reduces users to what the projects' history needs: the username and the name stay (a project's
 * lead and members, and who removed a member, are still named); the national id, addresses,
 * password, directory data and preferences are cleared, and every row of theirs that is no history
 * goes: keys, sessions, sign-in attempts, invitations to their addresses or national id, mails to
 * them (sent or not), digest items, mutes and the registry's answers that hold their national id.
 * Where history names them, their national id and e-mail (a project's registry collaborators) and
 * their unique id (who approved, changed, commented, removed or left) are stripped.
 */
async function reduceUsers(trx: Transaction<Database>, cutoff: Date): Promise<Pick<RetentionCount, 'rows' | 'tables'>> {
  const users = await trx.selectFrom('users').select(['id', 'username', 'person_oib', 'person_mail', 'croris_mail', 'person_uniqueid']).where(inactiveUser(cutoff)).execute();
  if (!users.length) return { rows: 0, tables: [] };
  const ids = users.map((u) => u.id);
  const names = users.map((u) => u.username.toLowerCase());
  const oibs = users.map((u) => u.person_oib).filter(Boolean);
  const uniqueIds = users.map((u) => u.person_uniqueid).filter(Boolean);
  const addresses = addressesIn(...users.flatMap((u) => [u.person_mail, u.croris_mail]));
  const theirs = sql<boolean>`user_id = ANY(${sql`${ids}::int[]`})`;
  const removals: [RetentionTable, RawBuilder<boolean>][] = [
    ['ssh_keys', theirs],
    ['sessions', theirs],
    ['digest_items', theirs],
    ['project_mail_mutes', theirs],
    // A key ends in the username it counts: user|name, 192.0.2.0|name, browser|id|name.
    ['login_attempts', sql<boolean>`substring(key from '\\|([^|]*)$') = ANY(${texts(names)})`],
    ['invites', sql<boolean>`(lower(email) = ANY(${texts(addresses)}) OR (person_oib <> '' AND person_oib = ANY(${texts(oibs)})))`],
    ['outbox', outboxTo(addresses)],
    // The registry's answer of anyone (a lead's lists their collaborators) is a cache fetched again.
    ['registry_snapshots', sql<boolean>`(person_oib = ANY(${texts(oibs)}) OR EXISTS (SELECT 1 FROM unnest(${texts(oibs)}) AS o(oib) WHERE strpos(payload::text, o.oib) > 0))`],
  ];
  const tables: RetentionCount['tables'] = [];
  for (const [table, where] of removals) tables.push({ table, rows: await removeRows(trx, table, where) });

  if (oibs.length) {
    await sql`
      UPDATE projects SET croris_collaborators = (
        SELECT jsonb_agg(CASE WHEN c->>'oib' = ANY(${texts(oibs)}) THEN c - 'oib' - 'email' ELSE c END ORDER BY n)
        FROM jsonb_array_elements(croris_collaborators) WITH ORDINALITY AS x(c, n))
      WHERE jsonb_typeof(croris_collaborators) = 'array'
        AND EXISTS (SELECT 1 FROM jsonb_array_elements(croris_collaborators) AS c WHERE c->>'oib' = ANY(${texts(oibs)}))`.execute(trx);
  }
  if (uniqueIds.length) {
    const refs: [string, string][] = [
      ['projects', 'approved_by'],
      ['projects', 'denied_by'],
      ['projects', 'changed_by'],
      ['staff_comments', 'comment_by'],
      ['extensions', 'processed_by'],
      ['science_software', 'added_by'],
      ['membership_departures', 'member'],
      ['membership_departures', 'removed_by'],
      ['project_grants', 'granted_by'],
    ];
    for (const [table, column] of refs) {
      await sql`UPDATE ${sql.table(table)} SET ${sql.ref(column)} = ${sql.ref(column)} - 'person_uniqueid'
        WHERE ${sql.ref(column)}->>'person_uniqueid' = ANY(${texts(uniqueIds)})`.execute(trx);
    }
    await sql`
      UPDATE projects SET change_history = (
        SELECT jsonb_agg(CASE WHEN e->'who'->>'person_uniqueid' = ANY(${texts(uniqueIds)}) THEN jsonb_set(e, '{who}', (e->'who') - 'person_uniqueid') ELSE e END ORDER BY n)
        FROM jsonb_array_elements(change_history) WITH ORDINALITY AS x(e, n))
      WHERE EXISTS (SELECT 1 FROM jsonb_array_elements(change_history) AS e WHERE e->'who'->>'person_uniqueid' = ANY(${texts(uniqueIds)}))`.execute(trx);
  }
  await trx
    .updateTable('users')
    .set({
      person_oib: '',
      person_mail: '',
      croris_mail: '',
      croris_mbz: null,
      person_uniqueid: '',
      person_username: '',
      person_affiliation: '',
      person_institution: '',
      person_institution_oib: '',
      person_organisation: '',
      password_hash: null,
      is_active: false,
      language: null,
      mail_language: null,
      routine_mail: null,
    })
    .where('id', 'in', ids)
    .execute();
  return { rows: users.length, tables };
}

async function applyRule(trx: Transaction<Database>, rule: RetentionRule, cutoff: Date): Promise<Pick<RetentionCount, 'rows' | 'tables'>> {
  const one = async (table: RetentionTable, where: RawBuilder<boolean>) => {
    const rows = await removeRows(trx, table, where);
    return { rows, tables: [{ table, rows }] };
  };
  switch (rule) {
    case 'login-attempts':
      return one('login_attempts', sql<boolean>`attempted_at < ${cutoff}`);
    case 'sent-mails':
      // A mail never sent (given up, or its address refused) is counted from when it was written.
      return one('outbox', sql<boolean>`coalesce(sent_at, created_at) < ${cutoff}`);
    case 'inactive-users':
      return reduceUsers(trx, cutoff);
  }
}

/** Applies every rule in order as of `now` within `trx`: what each removed. */
async function applyAll(trx: Transaction<Database>, schemas: Pick<SchemaCatalog, 'vocabulary'>, now: Date): Promise<RetentionCount[]> {
  const removed: RetentionCount[] = [];
  for (const rule of retentionRules(schemas)) removed.push({ rule: rule.value, period: rule.period, ...(await applyRule(trx, rule.value, retentionCutoff(rule.period, now))) });
  return removed;
}

/** Carries a dry run's counts out of the transaction it rolls back. */
class DryRun extends Error {
  constructor(readonly counts: RetentionCount[]) {
    super('retention dry run');
  }
}

/**
 * How many rows each rule of rules/retention.json would remove as of `now` (what staff see): the
 * rules applied in a transaction that is then rolled back, so the counts are what a run removes.
 */
export async function retentionDue(db: Kysely<Database>, schemas: Pick<SchemaCatalog, 'vocabulary'>, now: Date = new Date()): Promise<RetentionCount[]> {
  try {
    await db.transaction().execute(async (trx) => {
      throw new DryRun(await applyAll(trx, schemas, now));
    });
  } catch (error) {
    if (error instanceof DryRun) return error.counts;
    throw error;
  }
  throw new Error('unreachable: a dry run always rolls back');
}

/**
 * Applies every rule once as of `now`, in one transaction. Undefined when another process holds the
 * lock (it is applying them); otherwise what each rule removed.
 */
export async function applyRetention(db: Kysely<Database>, schemas: Pick<SchemaCatalog, 'vocabulary'>, now: Date = new Date()): Promise<RetentionCount[] | undefined> {
  return db.transaction().execute(async (trx) => {
    const { rows } = await sql<{ locked: boolean }>`SELECT pg_try_advisory_xact_lock(${RETENTION_LOCK}) AS locked`.execute(trx);
    if (!rows[0]?.locked) return undefined;
    return applyAll(trx, schemas, now);
  });
}
