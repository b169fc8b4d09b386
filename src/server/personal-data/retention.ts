/**
 * Keeps personal data no longer than rules/retention.json says (GDPR Art. 5(1)(e)). Each rule
 * removes rows of one or more tables past its period. The count staff see is the same removal run
 * in a transaction that is rolled back, so the count before a run is, table by table, what the run
 * removes. The job takes a transaction-level advisory lock and a process that does not get it skips
 * the round: one process applies the rules at a time.
 */
import { sql, type RawBuilder } from 'kysely';
import type { RetentionRule } from '@generated';
import type { DatabaseHandle, Trx } from '@/server/db/handle';
import { stripCollaboratorOibs, stripUniqueIdFromChangeHistory } from '@/server/projects/queries';
import { clearPersonalFields, inactiveUsersPast, removeRows, stripUniqueIdFromReferences, type RetentionTable } from '@/server/users/queries-retention';
import { retentionCutoff, retentionRules, type RetentionRuleEntry, type SchemaCatalog } from '@/schema-runtime';
import { addressesIn } from '../users/user-addresses';

const RETENTION_LOCK = sql`hashtext('retention')`;

/** The tables a rule removes rows of (listed beside the statements that remove them). */

/** What a rule would remove, or removed: its rows (for inactive-users the users reduced) and each table's removed rows. */
export interface RetentionCount {
  rule: RetentionRule;
  period: RetentionRuleEntry['period'];
  rows: number;
  tables: { table: RetentionTable; rows: number }[];
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
async function reduceUsers(trx: Trx, cutoff: Date): Promise<Pick<RetentionCount, 'rows' | 'tables'>> {
  const users = await inactiveUsersPast(trx, cutoff);
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
  if (oibs.length) await stripCollaboratorOibs(trx, oibs);
  if (uniqueIds.length) {
    await stripUniqueIdFromReferences(trx, uniqueIds);
    await stripUniqueIdFromChangeHistory(trx, uniqueIds);
  }
  await clearPersonalFields(trx, ids);
  return { rows: users.length, tables };
}

async function applyRule(trx: Trx, rule: RetentionRule, cutoff: Date): Promise<Pick<RetentionCount, 'rows' | 'tables'>> {
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
async function applyAll(trx: Trx, schemas: Pick<SchemaCatalog, 'vocabulary'>, now: Date): Promise<RetentionCount[]> {
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
export async function retentionDue(db: DatabaseHandle, schemas: Pick<SchemaCatalog, 'vocabulary'>, now: Date = new Date()): Promise<RetentionCount[]> {
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
export async function applyRetention(db: DatabaseHandle, schemas: Pick<SchemaCatalog, 'vocabulary'>, now: Date = new Date()): Promise<RetentionCount[] | undefined> {
  return db.transaction().execute(async (trx) => {
    const { rows } = await sql<{ locked: boolean }>`SELECT pg_try_advisory_xact_lock(${RETENTION_LOCK}) AS locked`.execute(trx);
    if (!rows[0]?.locked) return undefined;
    return applyAll(trx, schemas, now);
  });
}
