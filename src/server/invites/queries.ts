/**
 * The only module that names the tables of invites/ (invites, invite_sends, cancelled_invites): the questions its services, and
 * other rooms', ask of them. Joins may read other rooms' tables.
 */
import { sql, type Insertable } from 'kysely';
import type { InvitesTable } from '@/server/db/tables';
import type { Db } from '@/server/db/handle';

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
