/**
 * Users of the current portal (`backend_user`) → `users`. Everything people know stays: username,
 * cluster login, national id, e-mail, names, registry data, dates, staff and superuser flags. A
 * Django password hash is kept as it is (services/passwords.ts checks it and re-hashes at the first
 * sign-in); an unusable one (`!…`, federated users) becomes no password.
 */
import type { Convert, ImportRun, EntityImport } from './engine';
import { refuse } from './engine';
import { Claims, schemaProblems } from './checks';
import { SCHEMA_IDS } from '@/schema-runtime';
import type { SourceUser } from './source-tables';
import { userIdentities } from '../users/queries';
import type { Selectable } from 'kysely';
import { addressesIn } from '../users/user-addresses';

type Row = Selectable<SourceUser>;

/** Django hashers whose hashes services/passwords.ts can check. */
const CHECKABLE = /^pbkdf2_sha(256|1)\$\d+\$[^$]*\$[A-Za-z0-9+/=]+$/;
const OIB = /^\d{11}$/;
const PERSON_TYPES = new Set(['local', 'foreign']);

/** The addresses of a user (person_mail, else the account's e-mail). */
const addressesOf = (row: Row): string[] => addressesIn(row.person_mail || row.email);

export function usersImport(run: ImportRun, rows: Row[]): EntityImport<Row, 'users'> {
  // One e-mail address for several people is common (a shared mailbox) and harms no sign-in: listed, imported.
  const byAddress = new Map<string, number[]>();
  for (const row of rows) for (const address of new Set(addressesOf(row))) byAddress.set(address, [...(byAddress.get(address) ?? []), row.id]);
  for (const [address, ids] of byAddress)
    if (ids.length > 1) run.report.conflicts.push({ what: 'e-mail', value: address, table: 'backend_user', ids, outcome: 'imported' });

  return { name: 'users', target: 'users', rows, prepare: () => usersCheck(run) };
}

/** Reads what the checks of new and changed rows need, and answers the check. */
async function usersCheck(run: ImportRun): Promise<Convert<Row, 'users'>> {
  const here = await userIdentities(run.target);
  const usernames = new Claims(here.map((u) => [u.username, u.id] as [string, number]));
  const oibs = new Claims(here.filter((u) => u.person_oib).map((u) => [u.person_oib, u.id] as [string, number]));
  const logins = new Claims(here.filter((u) => u.person_username).map((u) => [u.person_username, u.id] as [string, number]));
  const rehashed = new Set(here.filter((u) => u.password_hash?.startsWith('scrypt$')).map((u) => u.id));

  const conflict = (what: string, value: string, row: Row, owner: { sourceId?: number; here?: number }) => {
    if (owner.sourceId !== undefined)
      run.report.conflicts.push({ what, value, table: 'backend_user', ids: [owner.sourceId, row.id], outcome: 'refused' });
    return refuse(
      'conflict',
      owner.sourceId !== undefined
        ? `${what} "${value}" is already used by source user ${owner.sourceId}`
        : `${what} "${value}" already belongs to a user here (id ${owner.here}) that was not imported`,
    );
  };

  return (row, targetId) => {
    const invalid = schemaProblems(run.schemas, SCHEMA_IDS.username, row.username);
    if (invalid) return refuse('invalid', `username "${row.username}": ${invalid}`);
    if (row.person_oib && !OIB.test(row.person_oib)) return refuse('invalid', `national id "${row.person_oib}" is not 11 digits`);
    const personType = row.person_type || 'local';
    if (!PERSON_TYPES.has(personType)) return refuse('invalid', `person type "${row.person_type}" is neither local nor foreign`);
    for (const [claims, what, value] of [
      [usernames, 'username', row.username],
      [oibs, 'national id', row.person_oib],
      [logins, 'cluster login', row.person_username],
    ] as const) {
      if (!value) continue;
      const owner = claims.claim(value, row.id, targetId);
      if (owner) return conflict(what, value, row, owner);
    }
    let password: string | null = null;
    if (CHECKABLE.test(row.password)) password = row.password;
    else if (row.password && !row.password.startsWith('!'))
      run.report.warnings.push({
        table: 'backend_user',
        id: row.id,
        reason: `password hash of kind "${row.password.split('$')[0]}" cannot be checked here: set a new password with user-admin or sign in through the federation`,
      });
    return {
      values: {
        username: row.username,
        password_hash: password,
        first_name: row.first_name,
        last_name: row.last_name,
        is_staff: row.is_staff,
        is_superuser: row.is_superuser,
        is_active: row.is_active,
        status: row.status,
        person_uniqueid: row.person_uniqueid,
        person_institution: row.person_institution,
        person_institution_oib: row.person_institution_oib,
        person_organisation: row.person_organisation,
        person_affiliation: row.person_affiliation,
        person_oib: row.person_oib,
        person_type: personType,
        person_mail: row.person_mail || row.email,
        person_username: row.person_username,
        croris_first_name: row.croris_first_name,
        croris_last_name: row.croris_last_name,
        croris_mail: row.croris_mail,
        croris_mbz: row.croris_mbz,
        date_joined: row.date_joined,
        last_login: row.last_login,
      },
      // A user who has signed in here has a password of ours: the old hash must not come back.
      keep: targetId !== undefined && rehashed.has(targetId) ? ['password_hash'] : [],
    };
  };
}
