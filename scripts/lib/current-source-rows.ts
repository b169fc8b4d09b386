/**
 * Row builders of the stand-in for the current portal's database (`current-source.ts`): one realistic
 * row per call of each table the import reads, its unique values derived from a number.
 */
import { createHash, pbkdf2Sync } from 'node:crypto';
import type { Insertable } from 'kysely';
import type {
  SourceApiKey,
  SourceDateExtend,
  SourceInvitation,
  SourceMembership,
  SourceProject,
  SourceScienceSoftware,
  SourceSshKey,
  SourceStaffComment,
  SourceUser,
} from '../../src/server/import-current/source-tables';
import { SOURCE_STATE, SOURCE_PROJECT_TYPE, SOURCE_ROLE, STATE_NAME, IDENTIFIER_PREFIX, FIRST_NAMES, LAST_NAMES, INSTITUTIONS, STAFF, SCIENCE, PROJECT_NAMES, SOFTWARE, RESOURCE_TYPES, SOURCE_SSH_KEYS, DAY, derivedChars, DIGITS, LOWER, oib, sourceOib, ascii, day, sshEd25519Key } from './current-source-values';


type Overrides<T> = Partial<Insertable<T>>;

let counter = 1_000_000;
/**
 * The number a row's unique values are derived from (every builder's optional last argument `n`):
 * `n`, else the row's id when given, else the next number of a counter starting at 1,000,001 (far
 * above the numbers tests give, so the two never collide). A given id is inserted as is, which
 * leaves the table's identity sequence behind: before inserting rows without ids into the same
 * table, call syncSourceSequences — or give `n` and no id.
 */
export function seedOf(id: number | undefined): number {
  if (id !== undefined) return id;
  counter += 1;
  return counter;
}

/** Writes the JSON columns as JSON text (null stays SQL NULL). */
export function withJsonText<T extends Record<string, unknown>>(row: T, columns: readonly string[]): T {
  const out: Record<string, unknown> = { ...row };
  for (const c of columns) if (out[c] !== undefined && out[c] !== null) out[c] = JSON.stringify(out[c]);
  return out as T;
}

const PROJECT_JSON = [
  'approved_by', 'denied_by', 'science_field', 'science_software', 'resources_numbers', 'resources_type',
  'croris_collaborators', 'croris_lead', 'croris_finance', 'staff_resources_type', 'croris_institute',
  'change_history', 'changed_by',
] as const;
const COMMENT_JSON = ['comment_by'] as const;
const SOFTWARE_JSON = ['added_by'] as const;

export function person(n: number) {
  const i = Math.abs(n - 1);
  const blocks = FIRST_NAMES.length * LAST_NAMES.length;
  const first = FIRST_NAMES[i % FIRST_NAMES.length];
  const last = LAST_NAMES[Math.floor(i / FIRST_NAMES.length) % LAST_NAMES.length];
  const round = Math.floor(i / blocks);
  const [institution, realm, institutionOib, unit] = INSTITUTIONS[Math.floor(i / 3) % INSTITUTIONS.length];
  const suffix = round === 0 ? '' : String(round);
  // Cluster logins are unique, as the current portal makes them (jhorvat, jhorvat1, …): first
  // names sharing an initial get a letter, later rounds of the name list a number before it.
  const firstIndex = i % FIRST_NAMES.length;
  const twin = FIRST_NAMES.slice(0, firstIndex).filter((f) => ascii(f)[0] === ascii(first)[0]).length;
  const loginSuffix = `${suffix}${twin ? 'abcdefghij'[twin] : ''}`;
  const base = (ascii(first)[0] + ascii(last)).slice(0, 8);
  return {
    first,
    last,
    uniqueid: `${ascii(first)}.${ascii(last)}${suffix}@${realm}`,
    clusterName: base.slice(0, 10 - loginSuffix.length) + loginSuffix,
    institution,
    realm,
    institutionOib: oib(institutionOib),
    unit,
  };
}

export function rawUser(n: number, overrides: Overrides<SourceUser>): Insertable<SourceUser> {
  const p = person(n);
  const joined = new Date(Date.UTC(2023, 0, 9, 8) + (n % 20_000) * 3_600_000);
  return {
    password: `!${derivedChars(`password-${n}`, 40, LOWER + LOWER.toUpperCase() + DIGITS)}`,
    last_login: new Date(joined.getTime() + ((n % 90) + 1) * DAY),
    is_superuser: false,
    username: p.uniqueid,
    first_name: p.first,
    last_name: p.last,
    email: p.uniqueid,
    is_staff: false,
    is_active: true,
    date_joined: joined,
    croris_first_name: '',
    croris_last_name: '',
    person_affiliation: n % 4 === 0 ? 'student' : 'djelatnik',
    person_institution: p.institution,
    person_uniqueid: p.uniqueid,
    croris_mail: '',
    person_mail: p.uniqueid,
    person_oib: sourceOib(n),
    person_organisation: p.unit,
    status: true,
    croris_mbz: null,
    mailinglist_subscribe: false,
    person_institution_oib: p.institutionOib,
    person_username: p.clusterName,
    person_institution_realm: p.realm,
    person_institution_manual_set: false,
    person_type: 'local',
    person_type_manual_set: false,
    ...overrides,
  };
}

/**
 * A `backend_user` row of a national (AAI@EduHR) user as the current portal keeps one: Django
 * username = the AAI unique id (`ana.horvat@fer.hr`), an unusable password (`!` and 40 characters;
 * pass `password` for a hash), person_type 'local', an 11-digit OIB with a valid check digit,
 * cluster login name `ahorvat`.
 */
export function sourceUser(overrides: Overrides<SourceUser> = {}, n?: number): Insertable<SourceUser> {
  return rawUser(seedOf(n ?? overrides.id), overrides);
}

type ProjectOverrides = Overrides<SourceProject>;

export function rawProject(n: number, overrides: ProjectOverrides): Insertable<SourceProject> {
  const stateId = overrides.state_id ?? SOURCE_STATE.approve;
  const typeId = overrides.project_type_id ?? SOURCE_PROJECT_TYPE.practical;
  const state = STATE_NAME[stateId ?? 0] ?? 'approve';
  const wasApproved = state === 'approve' || state === 'extend' || state === 'expire';
  const submitted = new Date(Date.UTC(2024, 0, 15, 10) + (n % 700) * DAY + (n % 24) * 3_600_000);
  const approved = new Date(submitted.getTime() + 2 * DAY);
  const start = new Date(submitted.getTime() + 3 * DAY);
  const end = new Date(start.getTime() + (typeId === SOURCE_PROJECT_TYPE['research-croris'] ? 3 * 365 : 365) * DAY);
  const month = `${submitted.getUTCFullYear()}-${String(submitted.getUTCMonth() + 1).padStart(2, '0')}`;
  const croris = typeId === SOURCE_PROJECT_TYPE['research-croris'];
  const code = croris ? `IP-${month}-${String(n).padStart(4, '0')}` : `${IDENTIFIER_PREFIX[typeId ?? 3] ?? 'NR'}-${month}-${String(n).padStart(3, '0')}`;
  const name = PROJECT_NAMES[n % PROJECT_NAMES.length];
  const lead = person(n * 4 + 1);
  const science = SCIENCE[n % SCIENCE.length].map(([domain, percent, fields]) => ({
    name: { label: domain, value: domain },
    percent,
    scientificfields: fields.map(([field, share]) => ({ name: { label: field, value: field }, percent: share })),
  }));
  const requested = [RESOURCE_TYPES[n % RESOURCE_TYPES.length]].concat(n % 3 === 0 ? [RESOURCE_TYPES[(n + 1) % RESOURCE_TYPES.length]] : []);
  const resources = requested.map((t) => ({ label: t, value: t }));
  const cpus = [4, 8, 16, 32, 64, 128][n % 6];
  return {
    name,
    reason: 'Za proračune su potrebne stotine procesorskih jezgri i nekoliko grafičkih procesora kroz godinu dana.',
    date_start: day(start),
    date_end: day(end),
    date_submitted: submitted,
    date_changed: wasApproved ? approved : null,
    approved_by: wasApproved ? STAFF : null,
    denied_by: state === 'deny' ? STAFF : null,
    science_field: science,
    science_software: [SOFTWARE[n % SOFTWARE.length], SOFTWARE[(n * 7 + 3) % SOFTWARE.length]].filter((s, i, all) => all.indexOf(s) === i),
    science_extrasoftware: '',
    science_extrasoftware_help: false,
    resources_numbers: {
      HPCnSlotsCPU: String(cpus),
      HPCnSlotsGPU: requested.includes('GPU') ? '2' : '',
      HPCnSlotsRAM: String(cpus * 4),
    },
    resources_type: resources,
    is_active: stateId === SOURCE_STATE.approve || stateId === SOURCE_STATE.extend,
    croris_title: croris ? name : '',
    croris_start: croris ? day(start) : null,
    croris_end: croris ? day(end) : null,
    croris_identifier: croris ? code : '',
    croris_id: croris ? 20_000 + n : null,
    croris_summary: croris ? 'Projekt razvija računalne modele i provjerava ih na velikim skupovima podataka.' : '',
    croris_collaborators: croris ? [{ first_name: 'Ivan', last_name: 'Kovačević', oib: sourceOib(n * 4 + 2), email: 'ivan.kovacevic@pmf.hr', institution: 'Prirodoslovno-matematički fakultet' }] : null,
    croris_lead: croris ? `${lead.first} ${lead.last}` : null,
    croris_finance: croris ? ['Hrvatska zaklada za znanost'] : null,
    croris_type: croris ? 'Istraživački projekti HRZZ' : '',
    state_id: stateId,
    project_type_id: typeId,
    identifier: code,
    staff_resources_type: wasApproved ? resources : [],
    croris_institute: croris ? [{ class: 'nositelj', name: lead.institution }] : null,
    institute: lead.institution,
    change_history: [],
    changed_by: null,
    date_approved: wasApproved ? approved : null,
    ...overrides,
  };
}

/**
 * A `backend_project` row: by default a practical project (type 3) in state approve (1), active,
 * identifier `NR-yyyy-MM-NNN` (research-croris: a CroRIS code and the croris_* fields filled),
 * science_field, science_software, resources_numbers (strings, '' for blanks) and resource tags
 * in the current portal's shapes. is_active, approved_by/denied_by and date_approved follow the
 * given state_id unless given.
 */
export function sourceProject(overrides: ProjectOverrides = {}, n?: number): Insertable<SourceProject> {
  return withJsonText(rawProject(seedOf(n ?? overrides.id), overrides), PROJECT_JSON);
}

type MembershipOverrides = Overrides<SourceMembership> & Pick<Insertable<SourceMembership>, 'user_id' | 'project_id'>;

/** A `backend_userproject` row (role lead unless `role_id` says otherwise). */
export function sourceMembership(overrides: MembershipOverrides): Insertable<SourceMembership> {
  return { date_joined: new Date(Date.UTC(2024, 1, 1, 9)), role_id: SOURCE_ROLE.lead, ...overrides };
}

export function rawKey(n: number, overrides: Overrides<SourceSshKey> & { user_id: number }): Insertable<SourceSshKey> {
  const fixed = SOURCE_SSH_KEYS[n - 1];
  const key = fixed ?? { name: `kljuc-${n}`, ...sshEd25519Key(n) };
  return {
    name: key.name,
    fingerprint: key.fingerprint,
    public_key: key.public_key,
    date_created: new Date(Date.UTC(2024, 2, 1, 12) + (n % 500) * DAY),
    ...overrides,
  };
}

/**
 * A `backend_sshpublickey` row with a real OpenSSH public key and its MD5 fingerprint: numbers 1–5
 * take the fixed keys of SOURCE_SSH_KEYS (Ed25519, Ed25519, RSA, RSA, ECDSA), other numbers an
 * Ed25519 key derived from the number.
 */
export function sourceKey(overrides: Overrides<SourceSshKey> & { user_id: number }, n?: number): Insertable<SourceSshKey> {
  return rawKey(seedOf(n ?? overrides.id), overrides);
}

export function rawInvitation(n: number, overrides: Overrides<SourceInvitation> & { project_id: number }): Insertable<SourceInvitation> {
  const p = person(n + 7);
  const created = new Date(Date.UTC(2024, 3, 2, 9) + (n % 600) * DAY);
  return {
    accepted: false,
    key: derivedChars(`invitation-${n}`, 64, LOWER + DIGITS),
    sent: created,
    email: `${ascii(p.first)}.${ascii(p.last)}.${n}@${p.realm}`,
    created,
    inviter_id: null,
    person_oib: '',
    invtype: 'local',
    ...overrides,
  };
}

/** A `backend_custominvitation` row: a pending local invitation (64-character key, sent when created). */
export function sourceInvitation(overrides: Overrides<SourceInvitation> & { project_id: number }, n?: number): Insertable<SourceInvitation> {
  return rawInvitation(seedOf(n ?? overrides.id), overrides);
}

export function rawComment(n: number, overrides: Overrides<SourceStaffComment>): Insertable<SourceStaffComment> {
  return {
    comment: 'Zahtjev ne navodi dovoljno podataka o potrebnim resursima; molimo dopunite obrazloženje.',
    date: new Date(Date.UTC(2024, 4, 6, 14) + (n % 600) * DAY),
    comment_by: STAFF,
    project_state: 'deny',
    project_id: null,
    ...overrides,
  };
}

/** A `backend_staffcomment` row: a deny comment by a staff member. */
export function sourceStaffComment(overrides: Overrides<SourceStaffComment> & { project_id: number | null }, n?: number): Insertable<SourceStaffComment> {
  return withJsonText(rawComment(seedOf(n ?? overrides.id), overrides), COMMENT_JSON);
}

export function rawSoftware(n: number, overrides: Overrides<SourceScienceSoftware>): Insertable<SourceScienceSoftware> {
  const initial = n <= SOFTWARE.length;
  const name = initial ? SOFTWARE[n - 1] : `${SOFTWARE[(n - 1) % SOFTWARE.length].split('/')[0]}/${n}`;
  return {
    name,
    created: initial ? new Date(Date.UTC(2023, 3, 20, 12)) : new Date(Date.UTC(2023, 5, 1, 10) + (n % 900) * DAY),
    added_by: initial ? { username: 'initial', first_name: 'Initial', last_name: 'set' } : { username: STAFF.username, first_name: STAFF.first_name, last_name: STAFF.last_name },
    ...overrides,
  };
}

/**
 * A `backend_sciencesoftware` row: numbers 1–24 name the initial modulefiles (created 2023-04-20 12:00,
 * added by `initial`), others `<code>/<n>` added by a staff member.
 */
export function sourceSoftware(overrides: Overrides<SourceScienceSoftware> = {}, n?: number): Insertable<SourceScienceSoftware> {
  return withJsonText(rawSoftware(seedOf(n ?? overrides.id), overrides), SOFTWARE_JSON);
}

/** A `backend_dateextend` row (a table the current portal defines but never fills). */
export function sourceDateExtend(overrides: Overrides<SourceDateExtend> & { project_id: number | null }, n?: number): Insertable<SourceDateExtend> {
  const seed = seedOf(n ?? overrides.id);
  return withJsonText(
    {
      comment: 'Produljenje za dovršetak proračuna.',
      date: new Date(Date.UTC(2024, 6, 1, 9) + (seed % 300) * DAY),
      comment_by: STAFF,
      name: 'extend',
      ...overrides,
    },
    COMMENT_JSON,
  );
}

/**
 * A secret hashed as Django's `pbkdf2_sha256` stores it (the current portal's passwords and its 2.x
 * API keys), with few iterations to keep tests fast (fixed vectors are in the passwords unit test).
 */
export function djangoPbkdf2(secret: string, salt: string): string {
  return `pbkdf2_sha256$1000$${salt}$${pbkdf2Sync(secret, salt, 1000, 32, 'sha256').toString('base64')}`;
}

/**
 * A `rest_framework_api_key_apikey` row and the key a client sends: an 8-character prefix and a
 * 32-character secret derived from `n`, hashed as djangorestframework-api-key 3.x does
 * (`sha512$$<hex>` of the whole key) or as its 2.x did (Django's `pbkdf2_sha256$…`, here with few
 * iterations to keep tests fast).
 */
export function sourceApiKey(
  n: number,
  overrides: Overrides<SourceApiKey> & { hash?: 'sha512' | 'pbkdf2' } = {},
): { row: Insertable<SourceApiKey>; key: string } {
  const { hash = 'sha512', ...rest } = overrides;
  const prefix = rest.prefix ?? derivedChars(`api-key-prefix-${n}`, 8, LOWER + DIGITS);
  const key = `${prefix}.${derivedChars(`api-key-secret-${n}`, 32, LOWER + DIGITS)}`;
  const salt = derivedChars(`api-key-salt-${n}`, 22, LOWER + DIGITS);
  const hashed =
    hash === 'sha512'
      ? `sha512$$${createHash('sha512').update(key).digest('hex')}`
      : djangoPbkdf2(key, salt);
  return {
    row: { id: `${prefix}.${hashed}`.slice(0, 150), created: new Date(Date.UTC(2024, 1, 1, 9) + (n % 300) * DAY), name: `cluster ${n}`, revoked: false, expiry_date: null, hashed_key: hashed, prefix, ...rest },
    key,
  };
}
