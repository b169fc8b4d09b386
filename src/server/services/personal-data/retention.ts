/**
 * Keeps personal data no longer than rules/retention.json says (GDPR Art. 5(1)(e)). One function
 * per rule names the rows past its period; the count staff see and the job's removal read the same
 * selection, so the count before a run is what the run removes. The job takes a transaction-level
 * advisory lock and a process that does not get it skips the round: one process applies it at a time.
 */
import { sql, type ExpressionBuilder, type Kysely, type Transaction } from 'kysely';
import type { RetentionRule } from '../../../../generated';
import type { Database } from '../../db/tables';
import { retentionCutoff, retentionRules, type RetentionRuleEntry, type SchemaCatalog } from '../../../schema-runtime';

const RETENTION_LOCK = sql`hashtext('retention')`;

/** What a rule would remove, or removed: its row count. */
export interface RetentionCount {
  rule: RetentionRule;
  period: RetentionRuleEntry['period'];
  rows: number;
}

type Db = Kysely<Database> | Transaction<Database>;

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

/** How many rows a rule would remove as of `now`. */
async function countOf(db: Db, rule: RetentionRule, cutoff: Date): Promise<number> {
  const count = sql<number>`count(*)::int`.as('n');
  switch (rule) {
    case 'login-attempts':
      return (await db.selectFrom('login_attempts').select(count).where('attempted_at', '<', cutoff).executeTakeFirstOrThrow()).n;
    case 'sent-mails':
      return (await db.selectFrom('outbox').select(count).where('sent_at', 'is not', null).where('sent_at', '<', cutoff).executeTakeFirstOrThrow()).n;
    case 'inactive-users':
      return (await db.selectFrom('users').select(count).where(inactiveUser(cutoff)).executeTakeFirstOrThrow()).n;
  }
}

/**
 * Reduces users to what the projects' history needs: the username and the name stay (a project's
 * lead and members are still named); the national id, addresses, password, directory data,
 * preferences and every row of theirs that is no history (keys, sessions, sign-in attempts,
 * invitations to their addresses, the registry's answer, digest items, mutes) go.
 */
async function reduceUsers(trx: Transaction<Database>, cutoff: Date): Promise<number> {
  const users = await trx.selectFrom('users').select(['id', 'username', 'person_oib', 'person_mail', 'croris_mail']).where(inactiveUser(cutoff)).execute();
  if (!users.length) return 0;
  const ids = users.map((u) => u.id);
  const oibs = users.map((u) => u.person_oib).filter(Boolean);
  const addresses = users.flatMap((u) => [u.person_mail, u.croris_mail].flatMap((v) => v.split(/[;,]/))).map((a) => a.trim().toLowerCase()).filter(Boolean);
  await trx.deleteFrom('ssh_keys').where('user_id', 'in', ids).execute();
  await trx.deleteFrom('sessions').where('user_id', 'in', ids).execute();
  await trx.deleteFrom('digest_items').where('user_id', 'in', ids).execute();
  await trx.deleteFrom('project_mail_mutes').where('user_id', 'in', ids).execute();
  for (const { username } of users) {
    const name = username.toLowerCase();
    await trx.deleteFrom('login_attempts').where(sql<string>`right(key, ${name.length + 1})`, '=', `|${name}`).execute();
  }
  if (addresses.length) await trx.deleteFrom('invites').where('accepted', '=', false).where(sql<string>`lower(email)`, 'in', addresses).execute();
  if (oibs.length) {
    await trx.deleteFrom('invites').where('accepted', '=', false).where('person_oib', 'in', oibs).execute();
    await trx.deleteFrom('registry_snapshots').where('person_oib', 'in', oibs).execute();
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
  return users.length;
}

async function removeOf(trx: Transaction<Database>, rule: RetentionRule, cutoff: Date): Promise<number> {
  switch (rule) {
    case 'login-attempts':
      return Number((await trx.deleteFrom('login_attempts').where('attempted_at', '<', cutoff).executeTakeFirst()).numDeletedRows);
    case 'sent-mails':
      return Number((await trx.deleteFrom('outbox').where('sent_at', 'is not', null).where('sent_at', '<', cutoff).executeTakeFirst()).numDeletedRows);
    case 'inactive-users':
      return reduceUsers(trx, cutoff);
  }
}

/** How many rows each rule of rules/retention.json would remove as of `now` (what staff see). */
export async function retentionDue(db: Kysely<Database>, schemas: Pick<SchemaCatalog, 'vocabulary'>, now: Date = new Date()): Promise<RetentionCount[]> {
  const counts: RetentionCount[] = [];
  for (const rule of retentionRules(schemas)) counts.push({ rule: rule.value, period: rule.period, rows: await countOf(db, rule.value, retentionCutoff(rule.period, now)) });
  return counts;
}

/**
 * Applies every rule once as of `now`, in one transaction. Undefined when another process holds the
 * lock (it is applying them); otherwise what each rule removed.
 */
export async function applyRetention(db: Kysely<Database>, schemas: Pick<SchemaCatalog, 'vocabulary'>, now: Date = new Date()): Promise<RetentionCount[] | undefined> {
  return db.transaction().execute(async (trx) => {
    const { rows } = await sql<{ locked: boolean }>`SELECT pg_try_advisory_xact_lock(${RETENTION_LOCK}) AS locked`.execute(trx);
    if (!rows[0]?.locked) return undefined;
    const removed: RetentionCount[] = [];
    for (const rule of retentionRules(schemas)) removed.push({ rule: rule.value, period: rule.period, rows: await removeOf(trx, rule.value, retentionCutoff(rule.period, now)) });
    return removed;
  });
}
