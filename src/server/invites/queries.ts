/**
 * The only module that names the tables of invites/ (invites, invite_sends, cancelled_invites): the questions its services, and
 * other rooms', ask of them. Joins may read other rooms' tables.
 */
import type { Db } from '@/server/db/handle';
import { sql, type RawBuilder, type Insertable } from 'kysely';
import type { InvitesTable } from '@/server/db/tables';

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

