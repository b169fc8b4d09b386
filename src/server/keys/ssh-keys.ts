/**
 * Public keys of a user: the list, adding a key (which needs a project in an active state and a
 * name and fingerprint the user has not used, and tells staff by mail) and removing one.
 */
import type { AppContext } from '../context';
import type { Db } from '@/server/db/handle';
import type { UserRow } from '@/server/users/queries';
import { userIdByClusterUsername } from '@/server/users/queries';
import { projectsOfMember } from '@/server/memberships/queries';
import type { MessageAnswer, SshKey, SshKeyNewBody } from '@generated';
import { ApiError, msg } from '../errors';
import { activeStateNames } from '../projects/active-states';
import { mailKeyAdded } from '../projects/project-mails';
import { KeyRejected, parsePublicKey, sha256Fingerprint } from './ssh-key-parse';
import { deleteKeyNamed, insertKey, keyNamedOrPrinted, storedKeysOf } from './queries';

/** The keys of one user, oldest first. */
export async function keysOf(db: Db, userId: number): Promise<SshKey[]> {
  return (await storedKeysOf(db, userId)).map(withSha256);
}

/** A stored key as the API answers it: with its SHA256 fingerprint beside the stored MD5 one. */
function withSha256(row: { name: string; fingerprint: string; public_key: string; date_created: Date | string }): SshKey {
  return { ...row, fingerprint_sha256: sha256Fingerprint(row.public_key), date_created: new Date(row.date_created).toISOString() };
}

/**
 * The keys of the user with this cluster username (the staff view).
 *
 * @throws ApiError 404 when no user has that cluster username
 */
export async function keysOfClusterUser(db: Db, personUsername: string): Promise<SshKey[]> {
  const userId = await userIdByClusterUsername(db, personUsername);
  if (userId === undefined) throw new ApiError('notFound', msg('userByClusterNameNotFound', { username: personUsername }));
  return keysOf(db, userId);
}

/**
 * Adds a key for `user` (body already valid against api/ssh-key-new) and answers it.
 *
 * @throws ApiError 400 for a key that does not parse, 403 when the user has no active project,
 *   409 for a name or key the user already has
 */
export async function addKey(ctx: AppContext, user: UserRow, body: SshKeyNewBody): Promise<SshKey> {
  const { db, schemas } = ctx;
  const name = body.name.trim();
  let parsed;
  try {
    parsed = parsePublicKey(body.public_key, schemas.constants.sshRsaMinBits);
  } catch (error) {
    if (error instanceof KeyRejected) throw new ApiError('validationFailed', msg(error.text, error.params));
    throw error;
  }
  const active = await projectsOfMember(db, user.id, { states: activeStateNames(schemas) });
  if (active.length === 0) throw new ApiError('forbidden', msg('keyNoActiveProject'));
  const clash = await keyNamedOrPrinted(db, user.id, name, parsed.fingerprint);
  if (clash?.name === name) throw new ApiError('conflict', msg('keyNameTaken'));
  if (clash) throw new ApiError('conflict', msg('keyAlreadyAdded', { name: clash.name }));
  const created = await db.transaction().execute(async (trx) => {
    const row = await insertKey(trx, { userId: user.id, name, fingerprint: parsed.fingerprint, publicKey: parsed.publicKey });
    await mailKeyAdded(trx, schemas, { user, name, fingerprint: `${sha256Fingerprint(parsed.publicKey)} (MD5 ${parsed.fingerprint})` });
    return row;
  });
  return withSha256(created);
}

/**
 * Removes the user's key called `name`.
 *
 * @throws ApiError 404 when the user has no key of that name
 */
export async function deleteKey(db: Db, user: UserRow, name: string): Promise<MessageAnswer> {
  if ((await deleteKeyNamed(db, user.id, name)) === 0) throw new ApiError('notFound', msg('keyNotFound', { name }));
  return { status: { code: 200, message: `${name} successfully deleted` } };
}
