/**
 * The only module that names the tables of sessions/ (sessions, login_attempts): the questions its services, and
 * other rooms', ask of them. Joins may read other rooms' tables.
 */
import type { Db } from '@/server/db/handle';
import { sql, type Insertable } from 'kysely';
import type { SessionsTable } from '@/server/db/tables';

/** The federated identity a session signed in with (its identity provider, NameID, session index, federation); undefined for no such session. */
export async function samlIdentityOfSession(db: Db, sessionId: string) {
  return db
    .selectFrom('sessions')
    .select(['saml2_idp', 'saml_name_id', 'saml_name_id_format', 'saml_session_index', 'saml_federation'])
    .where('id', '=', sessionId)
    .executeTakeFirst();
}

/** Deletes every session of a NameID at one federation's identity provider; the users whose sessions it deleted (one entry per session). */
export async function deleteSamlSessions(db: Db, federation: string, idp: string, nameId: string): Promise<number[]> {
  const ended = await db
    .deleteFrom('sessions')
    .where('saml_name_id', '=', nameId)
    .where('saml2_idp', '=', idp)
    .where('saml_federation', '=', federation)
    .returning('user_id')
    .execute();
  return ended.map((r) => r.user_id);
}

/** A new session row as it is written. */
export type NewSession = Insertable<SessionsTable>;

/** Writes a new session row. */
export async function insertSession(db: Db, values: NewSession): Promise<void> {
  await db.insertInto('sessions').values(values).execute();
}

/** The session with this id (the token's hash), not expired at `now`, joined to its user when that user is active. */
export async function liveSessionWithUser(db: Db, id: string, now: Date) {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .selectAll('users')
    .select([
      'sessions.id as session_id',
      'sessions.csrf_token',
      'sessions.saml2_idp',
      'sessions.expires_at as session_expires_at',
      'sessions.last_used_at as session_last_used_at',
    ])
    .where('sessions.id', '=', id)
    .where('sessions.expires_at', '>', now)
    .where('users.is_active', '=', true)
    .executeTakeFirst();
}

/** Marks a session used at `now`, from `ip` when given. */
export async function touchSession(db: Db, id: string, now: Date, ip?: string): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ last_used_at: now, ...(ip ? { ip } : {}) })
    .where('id', '=', id)
    .execute();
}

/** Deletes the session with this id. */
export async function deleteSessionById(db: Db, id: string): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', id).execute();
}

/** Deletes every session of a user. */
export async function deleteSessionsOfUser(db: Db, userId: number): Promise<void> {
  await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
}

/** Deletes those of the user's sessions with these ids; answers how many went. */
export async function deleteUserSessionsWithIds(db: Db, userId: number, ids: readonly string[]): Promise<number> {
  const result = await db.deleteFrom('sessions').where('user_id', '=', userId).where('id', 'in', ids).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Deletes the sessions expired at `now` and those unused since `userIdleSince` (a user's) or
 * `staffIdleSince` (staff's or a superuser's); answers how many went.
 */
export async function deleteExpiredSessions(db: Db, now: Date, userIdleSince: Date, staffIdleSince: Date): Promise<number> {
  const result = await db
    .deleteFrom('sessions')
    .where((eb) =>
      eb.or([
        eb('expires_at', '<=', now),
        eb.and([eb('last_used_at', '<=', userIdleSince), eb('user_id', 'in', eb.selectFrom('users').select('users.id').where(sql<boolean>`NOT (is_staff OR is_superuser)`))]),
        eb.and([eb('last_used_at', '<=', staffIdleSince), eb('user_id', 'in', eb.selectFrom('users').select('users.id').where(sql<boolean>`(is_staff OR is_superuser)`))]),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The user's sessions not expired at `now` and used after `usedAfter`, the last used first. */
export async function liveSessionsOf(db: Db, userId: number, now: Date, usedAfter: Date) {
  return db
    .selectFrom('sessions')
    .select(['id', 'created_at', 'last_used_at', 'user_agent', 'ip', 'saml2_idp'])
    .where('user_id', '=', userId)
    .where('expires_at', '>', now)
    .where('last_used_at', '>', usedAfter)
    .orderBy('last_used_at', 'desc')
    .orderBy('created_at', 'desc')
    .execute();
}

/** The ids of the user's sessions other than `sessionId`. */
export async function otherSessionIds(db: Db, userId: number, sessionId: string): Promise<string[]> {
  const rows = await db.selectFrom('sessions').select('id').where('user_id', '=', userId).where('id', '<>', sessionId).execute();
  return rows.map((r) => r.id);
}

/** Records one attempt under each key; answers the new rows' ids. */
export async function recordLoginAttempts(db: Db, keys: readonly string[]): Promise<number[]> {
  return (await db.insertInto('login_attempts').values(keys.map((key) => ({ key }))).returning('id').execute()).map((r) => r.id);
}

/** Per key, the attempts made after `since`, leaving out the rows `except`. */
export async function loginAttemptCounts(db: Db, keys: readonly string[], since: Date, except: readonly number[]): Promise<{ key: string; n: number }[]> {
  return db
    .selectFrom('login_attempts')
    .select(['key', sql<number>`count(*)::int`.as('n')])
    .where('key', 'in', keys)
    .where('attempted_at', '>', since)
    .where('id', 'not in', except)
    .groupBy('key')
    .execute();
}

/** When the `nth` latest attempt under `key` after `since` was made (leaving out the rows `except`), if there are that many. */
export async function nthLatestLoginAttempt(db: Db, key: string, since: Date, except: readonly number[], nth: number): Promise<Date | string | undefined> {
  const row = await db
    .selectFrom('login_attempts')
    .select('attempted_at')
    .where('key', '=', key)
    .where('attempted_at', '>', since)
    .where('id', 'not in', except)
    .orderBy('attempted_at', 'desc')
    .offset(nth - 1)
    .limit(1)
    .executeTakeFirst();
  return row?.attempted_at;
}

/** Deletes the attempts with these ids. */
export async function deleteLoginAttempts(db: Db, ids: readonly number[]): Promise<void> {
  await db.deleteFrom('login_attempts').where('id', 'in', ids).execute();
}

/** Deletes the attempts with these ids and every attempt under these keys. */
export async function clearLoginAttempts(db: Db, ids: readonly number[], keys: readonly string[]): Promise<void> {
  await db
    .deleteFrom('login_attempts')
    .where((eb) => eb.or([eb('id', 'in', ids), eb('key', 'in', keys)]))
    .execute();
}

/** How many sessions have not expired yet. */
export async function unexpiredSessionCount(db: Db): Promise<number> {
  const result = await sql<{ n: number }>`SELECT count(*)::int AS n FROM sessions WHERE expires_at > now()`.execute(db);
  return result.rows[0]?.n ?? 0;
}

/** A user's sessions, for the user's data export: oldest first. */
export async function sessionsForExport(db: Db, userId: number) {
  return db.selectFrom('sessions').select(['created_at', 'expires_at', 'saml_federation', 'last_used_at', 'ip', 'user_agent']).where('user_id', '=', userId).orderBy('created_at').execute();
}

/** The sign-in attempts counted under this (lower-case) username (keys ending in `|name`), oldest first. */
export async function loginAttemptsForExport(db: Db, loginName: string) {
  return db
    .selectFrom('login_attempts')
    .select(['key', 'attempted_at'])
    .where(sql<string>`right(key, ${loginName.length + 1})`, '=', `|${loginName}`)
    .orderBy('attempted_at')
    .execute();
}

