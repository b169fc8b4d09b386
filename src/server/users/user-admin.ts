/**
 * Local accounts managed from the command line (`npm run user-admin`): the superuser of a fresh
 * installation, staff accounts, and fixes to accounts that came from SAML sign-in.
 */
import type { Db, DatabaseHandle } from '@/server/db/handle';
import { insertUser, updateUserByUsername, userIdByUsername, allUsersByUsername, type UserRow, type UserUpdate } from './queries';
import { deleteSessionsOfUser } from '@/server/sessions/queries';
import { hashPassword } from './passwords';
import { usernameMaxLength } from '@/schema-runtime';
import { loadSchemaSet } from '@/schema-runtime/node';

/** A refused admin command; the message says what to fix. */
export class UserAdminError extends Error {}

/** A local account to create. */
export interface NewLocalUser {
  username: string;
  password: string;
  firstName?: string;
  lastName?: string;
  email?: string;
  institution?: string;
  oib?: string;
  uniqueid?: string;
  staff?: boolean;
  superuser?: boolean;
  /** person_type 'foreign' (as an eduGAIN user) instead of 'local'. */
  foreign?: boolean;
}

/** Changes to an account; absent fields stay as they are. */
export interface LocalUserChanges extends Partial<Omit<NewLocalUser, 'username'>> {
  /** May sign in at all (is_active). */
  active?: boolean;
  /** The portal's "active user" flag (on an active project). */
  status?: boolean;
}

/** One line of the user list. */
export interface UserListEntry {
  id: number;
  username: string;
  name: string;
  email: string;
  staff: boolean;
  superuser: boolean;
  active: boolean;
  status: boolean;
  personType: string;
  hasPassword: boolean;
}

let maxUsername: number | undefined;
/** The longest username, from the schemas the tool runs on (rules/username.json). */
function maxUsernameLength(): number {
  maxUsername ??= usernameMaxLength(loadSchemaSet());
  return maxUsername;
}

function checkUsername(username: string): void {
  if (!username) throw new UserAdminError('--username is required');
  const max = maxUsernameLength();
  if (username.length > max) throw new UserAdminError(`username is longer than ${max} characters`);
  if (/\s/.test(username)) throw new UserAdminError('username must not contain spaces');
}

function checkPassword(password: string | undefined): asserts password is string {
  if (!password) throw new UserAdminError('--password is required (and must not be empty)');
}

function checkFields(fields: { oib?: string; email?: string }): void {
  if (fields.oib !== undefined && fields.oib !== '' && !/^\d{11}$/.test(fields.oib))
    throw new UserAdminError(`OIB must be 11 digits, got "${fields.oib}"`);
  if (fields.email !== undefined && fields.email !== '' && !/^[^\s@]+@[^\s@]+$/.test(fields.email))
    throw new UserAdminError(`"${fields.email}" is not an e-mail address`);
}

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}

/**
 * Creates a local account that signs in with username and password.
 *
 * @returns the new row
 * @throws UserAdminError when the username is taken or empty, the password is missing, or the OIB
 * or e-mail is malformed
 */
export async function createLocalUser(db: Db, input: NewLocalUser): Promise<UserRow> {
  checkUsername(input.username);
  checkPassword(input.password);
  checkFields(input);
  const taken = await userIdByUsername(db, input.username);
  if (taken !== undefined) throw new UserAdminError(`user "${input.username}" already exists`);
  try {
    return await insertUser(db, {
      username: input.username,
      password_hash: await hashPassword(input.password),
      first_name: input.firstName ?? '',
      last_name: input.lastName ?? '',
      person_mail: input.email ?? '',
      person_institution: input.institution ?? '',
      person_oib: input.oib ?? '',
      person_uniqueid: input.uniqueid ?? '',
      person_type: input.foreign ? 'foreign' : 'local',
      is_staff: input.staff ?? false,
      is_superuser: input.superuser ?? false,
      // Not on any active project yet; joining one sets it.
      status: false,
    });
  } catch (error) {
    // Another process created the same username between the check and the insert.
    if (isUniqueViolation(error)) throw new UserAdminError(`user "${input.username}" already exists`);
    throw error;
  }
}

/**
 * Changes an existing account. A new password or switching the account off ends its sessions, so
 * the change takes effect at once rather than when the session expires.
 *
 * @returns the updated row and the names of the changes that were given (as in LocalUserChanges)
 * @throws UserAdminError when the user does not exist, nothing is to change, or a value is malformed
 */
export async function updateLocalUser(
  db: DatabaseHandle,
  username: string,
  changes: LocalUserChanges,
): Promise<{ user: UserRow; changed: string[] }> {
  checkUsername(username);
  checkFields(changes);
  if (changes.password !== undefined) checkPassword(changes.password);
  const set: UserUpdate = {};
  if (changes.password !== undefined) set.password_hash = await hashPassword(changes.password);
  if (changes.firstName !== undefined) set.first_name = changes.firstName;
  if (changes.lastName !== undefined) set.last_name = changes.lastName;
  if (changes.email !== undefined) set.person_mail = changes.email;
  if (changes.institution !== undefined) set.person_institution = changes.institution;
  if (changes.oib !== undefined) set.person_oib = changes.oib;
  if (changes.uniqueid !== undefined) set.person_uniqueid = changes.uniqueid;
  if (changes.staff !== undefined) set.is_staff = changes.staff;
  if (changes.superuser !== undefined) set.is_superuser = changes.superuser;
  if (changes.active !== undefined) set.is_active = changes.active;
  if (changes.status !== undefined) set.status = changes.status;
  if (changes.foreign !== undefined) set.person_type = changes.foreign ? 'foreign' : 'local';
  // Report the options given, not column names: the caller thinks in `--staff`, not `is_staff`.
  const changed = Object.entries(changes).filter(([, value]) => value !== undefined).map(([key]) => key);
  if (!changed.length) throw new UserAdminError('nothing to update: give at least one field to change');

  return db.transaction().execute(async (trx) => {
    const user = await updateUserByUsername(trx, username, set);
    if (!user) throw new UserAdminError(`no user "${username}"`);
    if (changes.password !== undefined || changes.active === false)
      await deleteSessionsOfUser(trx, user.id);
    return { user, changed };
  });
}

/** Every account, ordered by username, with the fields an administrator checks. */
export async function listUsers(db: Db): Promise<UserListEntry[]> {
  const rows = await allUsersByUsername(db);
  return rows.map((u) => ({
    id: u.id,
    username: u.username,
    name: `${u.first_name} ${u.last_name}`.trim(),
    email: u.person_mail,
    staff: u.is_staff,
    superuser: u.is_superuser,
    active: u.is_active,
    status: u.status,
    personType: u.person_type,
    hasPassword: Boolean(u.password_hash),
  }));
}
