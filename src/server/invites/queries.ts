/**
 * The only module that names the tables of invites/ (invites, invite_sends, cancelled_invites): the questions its services, and
 * other rooms', ask of them. Joins may read other rooms' tables.
 */
import { sql } from 'kysely';
import type { Db } from '@/server/db/handle';

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
