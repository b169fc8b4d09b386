/**
 * The only module that names the tables of sessions/ (sessions, login_attempts): the questions its services, and
 * other rooms', ask of them. Joins may read other rooms' tables.
 */
import type { Db } from '@/server/db/handle';

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
