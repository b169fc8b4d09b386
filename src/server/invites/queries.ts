/**
 * The only module that names the tables of invites/ (invites, invite_sends, cancelled_invites): the questions its services, and
 * other rooms', ask of them. Joins may read other rooms' tables.
 */
import type { Db } from '@/server/db/handle';

/** Every invitation's id, key, project and address (the keys and addresses that must stay unique). */
export async function inviteKeysAndAddresses(db: Db): Promise<{ id: number; key: string; project_id: number; email: string }[]> {
  return db.selectFrom('invites').select(['id', 'key', 'project_id', 'email']).execute();
}
