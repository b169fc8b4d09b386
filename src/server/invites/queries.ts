/**
 * The only module that names the tables of invites/ (invites, invite_sends, cancelled_invites): the questions its services, and
 * other rooms', ask of them. Joins may read other rooms' tables.
 */
import type { Db, Trx } from '@/server/db/handle';
import { sql, type RawBuilder, type Insertable } from 'kysely';
import type { InvitesTable } from '@/server/db/tables';
import type { SchemaSet } from '@/schema-runtime';

/** Every invitation's id, key, project and address (the keys and addresses that must stay unique). */
export async function inviteKeysAndAddresses(db: Db): Promise<{ id: number; key: string; project_id: number; email: string }[]> {
  return db.selectFrom('invites').select(['id', 'key', 'project_id', 'email']).execute();
}

/**
 * The open invitations (not accepted, and not `expired`: the caller's expiry test of an
 * invitation) of the projects `projectIds`, by project identifier, then email.
 */
export async function openInvitesOfProjects(
  db: Db,
  projectIds: readonly number[],
  expired: RawBuilder<boolean>,
): Promise<{ id: number; identifier: string; state: string; email: string }[]> {
  return db
    .selectFrom('invites')
    .innerJoin('projects as p', 'p.id', 'invites.project_id')
    .innerJoin('states as s', 's.id', 'p.state_id')
    .select(['p.id', 'p.identifier', 's.name as state', 'invites.email'])
    .where(sql<boolean>`invites.project_id = any(${[...projectIds]}::int[])`)
    .where('invites.accepted', '=', false)
    .where((eb) => eb.not(expired))
    .orderBy('p.identifier')
    .orderBy('invites.email')
    .execute();
}

/**
 * The invitations to these projects not accepted yet, oldest first, each with whether it has
 * expired: sent (or, never sent, created) `expiryDays` or more days ago on the database clock.
 */
export async function pendingInvitesOf(db: Db, projectIds: readonly number[], expiryDays: number) {
  if (projectIds.length === 0) return [];
  return db
    .selectFrom('invites')
    .select(['invites.id', 'invites.project_id', 'invites.email', 'invites.created', 'invites.sent'])
    .select(sql<boolean>`(coalesce(invites.sent, invites.created) <= now() - make_interval(days => ${expiryDays}))`.as('expired'))
    .where('invites.project_id', 'in', [...projectIds])
    .where('invites.accepted', '=', false)
    .orderBy('invites.created')
    .orderBy('invites.id')
    .execute();
}

/** Stores an invitation as given (its key already made). */
export async function addInvite(db: Db, invite: Insertable<InvitesTable>): Promise<void> {
  await db.insertInto('invites').values(invite).execute();
}

/**
 * True for an invitation (table `invites`) whose `inviteExpiryDays` have passed since it was sent.
 * Computed on the database clock so every app process and the cleanup job agree.
 */
export function inviteExpiredSql(schemas: SchemaSet): RawBuilder<boolean> {
  const days = schemas.constants.inviteExpiryDays;
  return sql<boolean>`(coalesce(invites.sent, invites.created) <= now() - make_interval(days => ${days}))`;
}

/** The invitation with this key, whether accepted and whether expired; undefined when there is none. */
export async function inviteByKey(db: Db, schemas: SchemaSet, key: string) {
  return db
    .selectFrom('invites')
    .select(['invites.id', 'invites.project_id', 'invites.inviter_id', 'invites.person_oib', 'invites.invtype', 'invites.email', 'invites.accepted'])
    .select(inviteExpiredSql(schemas).as('expired'))
    .where('invites.key', '=', key)
    .executeTakeFirst();
}

/** Whether this key belonged to an invitation its inviter cancelled (and is still remembered). */
export async function isCancelledKey(db: Db, key: string): Promise<boolean> {
  return (await db.selectFrom('cancelled_invites').select('key').where('key', '=', key).executeTakeFirst()) !== undefined;
}

/** Marks an invitation accepted (its code is used up). */
export async function markInviteAccepted(db: Db, inviteId: number): Promise<void> {
  await db.updateTable('invites').set({ accepted: true }).where('id', '=', inviteId).execute();
}

/** Whether an invitation is accepted and whether expired, read under a row lock; undefined when it is gone. */
export async function lockedInviteState(trx: Trx, schemas: SchemaSet, inviteId: number) {
  return trx
    .selectFrom('invites')
    .select(['invites.accepted', inviteExpiredSql(schemas).as('expired')])
    .where('invites.id', '=', inviteId)
    .forUpdate()
    .executeTakeFirst();
}

/** Deletes accepted and expired invitations; answers how many. */
export async function deleteUsedInvites(db: Db, schemas: SchemaSet): Promise<number> {
  const result = await db
    .deleteFrom('invites')
    .where((eb) => eb.or([eb('invites.accepted', '=', true), inviteExpiredSql(schemas)]))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Forgets the cancelled keys older than the validity of an invitation. */
export async function forgetOldCancelledKeys(db: Db, schemas: SchemaSet): Promise<void> {
  await db
    .deleteFrom('cancelled_invites')
    .where('cancelled_at', '<=', sql<Date>`now() - make_interval(days => ${schemas.constants.inviteExpiryDays})`)
    .execute();
}

/** How many invitation mails this user sent since `since`. */
export async function inviteSendsSince(db: Db, inviterId: number, since: Date): Promise<number> {
  const { n } = await db
    .selectFrom('invite_sends')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('inviter_id', '=', inviterId)
    .where('sent_at', '>', since)
    .executeTakeFirstOrThrow();
  return n;
}

/** Records `count` invitation mails sent by this user (the hourly cap counts them). */
export async function recordInviteSends(db: Db, inviterId: number, count: number): Promise<void> {
  await db.insertInto('invite_sends').values(Array.from({ length: count }, () => ({ inviter_id: inviterId }))).execute();
}

/** The invitations of a project to these addresses, accepted or expired, locked for the caller's transaction. */
export async function lockedInvitesTo(trx: Trx, schemas: SchemaSet, projectId: number, emails: readonly string[]) {
  return trx
    .selectFrom('invites')
    .select(['invites.id', 'invites.email', 'invites.accepted', inviteExpiredSql(schemas).as('expired')])
    .where('invites.project_id', '=', projectId)
    .where('invites.email', 'in', emails)
    .forUpdate()
    .execute();
}

/** Deletes these invitations. */
export async function deleteInvites(db: Db, inviteIds: readonly number[]): Promise<void> {
  await db.deleteFrom('invites').where('id', 'in', inviteIds).execute();
}

/** A new invitation to send. */
export interface NewInvite {
  key: string;
  email: string;
  project_id: number;
  inviter_id: number;
  sent: Date;
  person_oib: string;
  invtype: string;
}

/** Stores a new invitation; undefined when the project already has one for that address (a concurrent one won). */
export async function insertInvite(db: Db, invite: NewInvite): Promise<{ id: number } | undefined> {
  return db
    .insertInto('invites')
    .values(invite)
    .onConflict((oc) => oc.columns(['project_id', 'email']).doNothing())
    .returning('id')
    .executeTakeFirst();
}

/** The pending (not accepted) invitations a user sent, with their project and whether expired, oldest first. */
export async function pendingInvitesSentBy(db: Db, schemas: SchemaSet, inviterId: number) {
  return db
    .selectFrom('invites')
    .innerJoin('projects as p', 'p.id', 'invites.project_id')
    .select(['invites.email', 'invites.accepted', 'invites.invtype', 'invites.created', 'invites.sent'])
    .select(['p.id as project_id', 'p.identifier', 'p.name'])
    .select(inviteExpiredSql(schemas).as('expired'))
    .where('invites.inviter_id', '=', inviterId)
    .where('invites.accepted', '=', false)
    .orderBy('invites.created')
    .orderBy('invites.id')
    .execute();
}

/**
 * Deletes an inviter's pending invitation of an address to a project and remembers its key, so
 * that its link says the invitation was cancelled. Answers how many were deleted.
 */
export async function cancelPendingInvite(trx: Trx, invite: { email: string; projectId: number; inviterId: number }): Promise<number> {
  const rows = await trx
    .deleteFrom('invites')
    .where('email', '=', invite.email)
    .where('project_id', '=', invite.projectId)
    .where('inviter_id', '=', invite.inviterId)
    .where('accepted', '=', false)
    .returning('key')
    .execute();
  if (rows.length)
    await trx.insertInto('cancelled_invites').values(rows.map((r) => ({ key: r.key }))).onConflict((oc) => oc.column('key').doNothing()).execute();
  return rows.length;
}

/** An invitation's project and whether it is accepted; undefined when there is none. */
export async function inviteProjectOf(db: Db, inviteId: number) {
  return db.selectFrom('invites').select(['id', 'project_id', 'accepted']).where('id', '=', inviteId).executeTakeFirst();
}

/** An invitation to mail again, with whether it expired, read under a row lock; undefined when it is gone. */
export async function lockedInviteToResend(trx: Trx, schemas: SchemaSet, inviteId: number) {
  return trx
    .selectFrom('invites')
    .select(['invites.id', 'invites.key', 'invites.email', 'invites.invtype', 'invites.inviter_id', 'invites.accepted', inviteExpiredSql(schemas).as('expired')])
    .where('invites.id', '=', inviteId)
    .forUpdate()
    .executeTakeFirst();
}

/** Gives an invitation its (possibly new) key and starts its validity again now. */
export async function renewInvite(db: Db, inviteId: number, key: string): Promise<void> {
  await db.updateTable('invites').set({ key, sent: new Date() }).where('id', '=', inviteId).execute();
}

/** The invitations a user sent, for the user's data export: in the order they were made. */
export async function invitesSentForExport(db: Db, inviterId: number) {
  return db
    .selectFrom('invites as i')
    .innerJoin('projects as p', 'p.id', 'i.project_id')
    .select(['p.identifier', 'i.email', 'i.created', 'i.sent', 'i.accepted'])
    .where('i.inviter_id', '=', inviterId)
    .orderBy('i.id')
    .execute();
}

/**
 * The invitations to one of these (lower-case) addresses or to this national id, with who sent
 * them, for the person's data export: in the order they were made. None when neither is given.
 */
export async function invitesReceivedForExport(db: Db, addresses: string[], oib: string) {
  if (!addresses.length && !oib) return [];
  return db
    .selectFrom('invites as i')
    .innerJoin('projects as p', 'p.id', 'i.project_id')
    .leftJoin('users as u', 'u.id', 'i.inviter_id')
    .select(['p.identifier', 'i.email', 'i.created', 'i.sent', 'i.accepted', 'u.first_name as inviter_first_name', 'u.last_name as inviter_last_name'])
    .where((eb) =>
      eb.or([
        ...(addresses.length ? [eb(sql<string>`lower(i.email)`, 'in', addresses)] : []),
        ...(oib ? [eb('i.person_oib', '=', oib)] : []),
      ]),
    )
    .orderBy('i.id')
    .execute();
}

