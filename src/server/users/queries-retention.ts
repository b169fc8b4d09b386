/**
 * The statements of the retention rules (personal-data/retention.ts) that reduce inactive users:
 * finding them, clearing their fields, and the generic removal and anonymisation over the tables
 * the rules touch (the list of those tables is kept here, in one place). Run in the caller's
 * transaction.
 */
import { sql, type ExpressionBuilder, type RawBuilder } from 'kysely';
import type { Trx } from '@/server/db/handle';
import type { Database } from '@/server/db/tables';

/** The tables a rule removes rows of. */
export const RETENTION_TABLES = ['login_attempts', 'outbox', 'ssh_keys', 'sessions', 'invites', 'digest_items', 'project_mail_mutes', 'registry_snapshots'] as const;
export type RetentionTable = (typeof RETENTION_TABLES)[number];

const texts = (values: string[]) => sql`${values}::text[]`;

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

/** The users past the inactive-users period as of `cutoff`, with the fields their reduction looks for. */
export async function inactiveUsersPast(trx: Trx, cutoff: Date) {
  return trx.selectFrom('users').select(['id', 'username', 'person_oib', 'person_mail', 'croris_mail', 'person_uniqueid']).where(inactiveUser(cutoff)).execute();
}

/** Deletes the rows of `table` that `where` names; how many. */
export async function removeRows(trx: Trx, table: RetentionTable, where: RawBuilder<boolean>): Promise<number> {
  const { rows } = await sql<{ n: number }>`WITH gone AS (DELETE FROM ${sql.table(table)} WHERE ${where} RETURNING 1) SELECT count(*)::int AS n FROM gone`.execute(trx);
  return rows[0]?.n ?? 0;
}

/**
 * Strips these unique ids from where history names a person by it (who approved, changed,
 * commented, removed or left).
 */
export async function stripUniqueIdFromReferences(trx: Trx, uniqueIds: string[]): Promise<void> {
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
}

/**
 * Reduces these users to the username and the name: national id, addresses, password, directory
 * data and preferences cleared, and no sign-in any more.
 */
export async function clearPersonalFields(trx: Trx, ids: number[]): Promise<void> {
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
}
