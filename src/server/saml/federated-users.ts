import { readFile } from 'node:fs/promises';
import type { DatabaseHandle } from '@/server/db/handle';
import { firstUserWithOib, insertUser, refreshFederatedUser, userByUsername, userIdWithFoldedName, type UserRow } from '@/server/users/queries';
import { EDUGAIN_REQUIRED, NATIONAL_REQUIRED, missingAttributes, type Attributes } from './attributes';

/** Why a federated login was refused; `errorType` picks the error page (spec point 2). */
export interface Refusal {
  refused: true;
  errorType: 'edugainattrs' | 'edugainmultiple' | 'notallowed';
  /** For the log only. */
  reason: string;
  missing?: string[];
}

export type LoginResult = { refused: false; user: UserRow; created: boolean } | Refusal;

function refuse(errorType: Refusal['errorType'], reason: string, missing?: string[]): Refusal {
  return { refused: true, errorType, reason, ...(missing ? { missing } : {}) };
}

/** Columns sized in migration 0001: longer values are cut rather than failing the login. */
function cut(value: string | undefined, max: number): string {
  return (value ?? '').slice(0, max);
}

/**
 * National federation (AAI@EduHR), reference §7.2: looked up by the national id (hrEduPersonOIB),
 * created on first login (inactive until a project makes them active), refreshed on every login.
 * The username is set once, at creation; later logins refresh person_uniqueid only, so a
 * renamed identity keeps its account, keys and memberships.
 */
export async function nationalLogin(db: DatabaseHandle, attrs: Attributes, usernameMax: number): Promise<LoginResult> {
  const missing = missingAttributes(attrs, NATIONAL_REQUIRED);
  if (missing.length) return refuse('edugainattrs', `missing attributes ${missing.join(', ')}`, missing);
  const oib = attrs.hrEduPersonOIB;
  if (!/^\d{11}$/.test(oib)) return refuse('notallowed', `hrEduPersonOIB is not 11 digits`);
  const refresh = {
    first_name: cut(attrs.givenName, 150),
    last_name: cut(attrs.sn, 150),
    person_mail: cut(attrs.mail, 512),
    person_uniqueid: cut(attrs.hrEduPersonUniqueID, 128),
    person_affiliation: cut(attrs.hrEduPersonAffiliation, 64),
    person_institution_oib: /^\d{11}$/.test(attrs.hrEduOrgOIB ?? '') ? attrs.hrEduOrgOIB : '',
    person_organisation: cut(attrs.ou, 256),
    person_type: 'local',
    last_login: new Date(),
    ...(attrs.o ? { person_institution: cut(attrs.o, 256) } : {}),
  };
  return db.transaction().execute(async (trx) => {
    const existing = await firstUserWithOib(trx, oib);
    if (existing) {
      if (!existing.is_active) return refuse('notallowed', `user ${existing.username} is not active`);
      const user = await refreshFederatedUser(trx, existing.id, refresh);
      return { refused: false as const, user, created: false };
    }
    const username = cut(attrs.hrEduPersonUniqueID, usernameMax);
    const taken = await userByUsername(trx, username);
    if (taken) return refuse('notallowed', `username ${username} belongs to another person`);
    const user = await insertUser(trx, { username, password_hash: null, person_oib: oib, status: false, ...refresh });
    return { refused: false as const, user, created: true };
  });
}

/** One entry of the eduGAIN user map file. */
export interface UserMapEntry {
  from: string;
  to: string;
}

/** Reads the eduGAIN user map (`[{"from": ePPN, "to": username | "new"}]`); none configured = empty. */
export async function readUserMap(file: string | undefined): Promise<UserMapEntry[]> {
  if (!file) return [];
  const parsed: unknown = JSON.parse(await readFile(file, 'utf8'));
  if (!Array.isArray(parsed)) throw new Error(`${file}: the eduGAIN user map must be a JSON array`);
  return parsed.filter(
    (e): e is UserMapEntry => !!e && typeof e === 'object' && typeof (e as UserMapEntry).from === 'string' && typeof (e as UserMapEntry).to === 'string',
  );
}

/**
 * Letters folded for the duplicate-name guard: lowercase, accents and Croatian letters to ASCII.
 * The upper-case letters are listed too because the database's lower() may leave non-ASCII
 * letters alone (C locale).
 */
const LOWER_FROM = 'čćđšžáàäâãåéèëêíìïîóòöôõøúùüûýÿñçł';
const LOWER_TO = 'ccdszaaaaaaeeeeiiiioooooouuuuyyncl';
const FOLD_FROM = LOWER_FROM + LOWER_FROM.toUpperCase();
const FOLD_TO = LOWER_TO + LOWER_TO;

export function foldName(first: string, last: string): string {
  let text = `${first} ${last}`.toLowerCase().trim().replace(/\s+/g, ' ');
  for (let i = 0; i < FOLD_FROM.length; i += 1) text = text.split(FOLD_FROM[i]).join(FOLD_TO[i]);
  return text;
}

export interface EdugainRules {
  /** National identities may come through the proxy. */
  allowAaiEduHr: boolean;
  /** What marks a national identity among the authenticating authorities. */
  aaiEduHrMatch: string;
  userMap: UserMapEntry[];
  /** The longest username (rules/username.json): a longer identity is cut. */
  usernameMax: number;
}

/**
 * eduGAIN (reference §7.3): national identities through the proxy are refused unless allowed;
 * users are found by eduPersonPrincipalName; a new name equal to an existing user's (folded) is
 * refused as "multiple" unless the user map sends this ePPN to an existing account or to "new".
 */
export async function edugainLogin(db: DatabaseHandle, attrs: Attributes, authorities: string[], rules: EdugainRules): Promise<LoginResult> {
  if (!rules.allowAaiEduHr && authorities.some((a) => a.includes(rules.aaiEduHrMatch)))
    return refuse('notallowed', `national identity through the eduGAIN proxy (${authorities.join(', ')})`);
  const missing = missingAttributes(attrs, EDUGAIN_REQUIRED);
  if (missing.length) return refuse('edugainattrs', `missing attributes ${missing.join(', ')}`, missing);
  const eppn = cut(attrs.eduPersonPrincipalName, rules.usernameMax);
  const refresh = {
    first_name: cut(attrs.givenName, 150),
    last_name: cut(attrs.sn, 150),
    person_mail: cut(attrs.mail, 512),
    person_uniqueid: cut(eppn, 128),
    person_affiliation: cut(attrs.eduPersonAffiliation, 64),
    person_type: 'foreign',
    last_login: new Date(),
  };
  return db.transaction().execute(async (trx) => {
    const update = async (existing: UserRow): Promise<LoginResult> => {
      if (!existing.is_active) return refuse('notallowed', `user ${existing.username} is not active`);
      const user = await refreshFederatedUser(trx, existing.id, refresh);
      return { refused: false, user, created: false };
    };
    const same = await userByUsername(trx, eppn);
    if (same) return update(same);
    const folded = foldName(refresh.first_name, refresh.last_name);
    const namesake = await userIdWithFoldedName(trx, folded, { from: FOLD_FROM, to: FOLD_TO });
    if (namesake !== undefined) {
      const entry = rules.userMap.find((e) => e.from === eppn);
      if (!entry) return refuse('edugainmultiple', `a user named ${folded} exists and ${eppn} is not in the user map`);
      if (entry.to !== 'new') {
        const target = await userByUsername(trx, entry.to);
        if (!target) return refuse('edugainmultiple', `the user map sends ${eppn} to ${entry.to}, who does not exist`);
        return update(target);
      }
    }
    const user = await insertUser(trx, { username: eppn, password_hash: null, status: false, person_institution: cut(attrs.o, 256), ...refresh });
    return { refused: false as const, user, created: true };
  });
}
