import { sql, type Kysely } from 'kysely';
import { createStatementTriggers, dropStatementTriggers } from '../statement-triggers';

/*
 * Each user carries whether `active_members` (migration 0022) holds them, in `users.active_member`,
 * so that the active users' grid pages read their own table's indexes
 * (docs/decisions/0530-active-member-flag.md).
 *
 * A condition on another table cannot be part of an index: a page of the active users sorted by
 * the date joined, 15,000 rows deep at 100,000 users, probed `active_members` once per user on the
 * way (50,000 probes) or joined and sorted all 29,000 of them, 60–100 ms either way. With the flag,
 * partial indexes hold only the active users, in the grid's orders: the page skips its 15,000
 * entries of one index, and the list's count is one index's size.
 *
 * `active_members` stays what the triggers and the periodic repair decide on; the flag follows
 * each change of it, by a statement trigger of its own. An update of the flag is a change of the
 * user's row like any other, so the lists' change log names the user (migration 0017); a change of
 * `active_members` is logged as well, under a kind of its own.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE users ADD COLUMN active_member boolean NOT NULL DEFAULT false`.execute(db);
  await sql`UPDATE users u SET active_member = true WHERE EXISTS (SELECT 1 FROM active_members am WHERE am.user_id = u.id)`.execute(db);
  await sql`
    CREATE FUNCTION active_member_flag() RETURNS trigger LANGUAGE plpgsql
    -- The users by an array of ids, through the primary key's index, whatever the planner knows of
    -- the table: one filled in the same transaction and not yet analysed (an import) would
    -- otherwise be read whole and each row tested against every id.
    SET enable_seqscan = off AS $$
    BEGIN
      IF TG_OP = 'TRUNCATE' THEN
        UPDATE users SET active_member = false WHERE active_member;
        RETURN NULL;
      END IF;
      IF TG_OP IN ('DELETE', 'UPDATE') THEN
        UPDATE users u SET active_member = false
         WHERE u.id = ANY (ARRAY(SELECT o.user_id FROM old_rows o)) AND u.active_member
           AND NOT EXISTS (SELECT 1 FROM active_members am WHERE am.user_id = u.id);
      END IF;
      IF TG_OP IN ('INSERT', 'UPDATE') THEN
        UPDATE users u SET active_member = true
         WHERE u.id = ANY (ARRAY(SELECT n.user_id FROM new_rows n)) AND NOT u.active_member;
      END IF;
      RETURN NULL;
    END $$`.execute(db);
  await createStatementTriggers(db, 'active_members', 'flag', 'active_member_flag', sql``);
  // The lists' change log (0017) names who became or stopped being active as `a:<user id>`: the
  // active users' counts move with these only, not with every change of a user's row.
  await createStatementTriggers(db, 'active_members', 'list_rows', 'list_rows_note_change', sql`${sql.lit('a:user_id')}`);
  // The active users in the list's own order, and in the order of a sort by the date joined
  // (to the millisecond, as 0021's index of all users).
  await sql`CREATE INDEX users_active_order_idx ON users (date_joined DESC, id DESC) WHERE active_member`.execute(db);
  await sql`
    CREATE INDEX users_active_joined_ms_idx ON users (
      date_trunc('milliseconds', date_joined AT TIME ZONE 'UTC') NULLS FIRST, date_joined DESC, id DESC) WHERE active_member`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS users_active_joined_ms_idx`.execute(db);
  await sql`DROP INDEX IF EXISTS users_active_order_idx`.execute(db);
  await dropStatementTriggers(db, 'active_members', 'list_rows');
  await dropStatementTriggers(db, 'active_members', 'flag');
  await sql`DROP FUNCTION IF EXISTS active_member_flag()`.execute(db);
  await sql`ALTER TABLE users DROP COLUMN IF EXISTS active_member`.execute(db);
}
