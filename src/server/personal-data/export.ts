/**
 * Everything the portal holds about one user, as one document (GDPR Art. 15 and 20): their own
 * rows and the rows that name them, never another user's. Shape: schemas/api/personal-data.json.
 */
import { sql, type Kysely } from 'kysely';
import type { PersonalData } from '@generated';
import type { Database } from '@/server/db/tables';
import { addressesIn } from '../users/user-addresses';

const iso = (value: Date | string | null | undefined): string | null => (value === null || value === undefined ? null : new Date(value).toISOString());

/** Whether an outbox address list ("a@x, b@y") holds one of the addresses. */
const listHolds = (list: string, addresses: string[]): boolean =>
  list
    .split(/[;,]/)
    .map((a) => a.trim().toLowerCase().replace(/^.*<([^>]+)>$/, '$1'))
    .some((a) => addresses.includes(a));

/** The export of one user, found by id; undefined when there is no such user. */
export async function personalDataOf(db: Kysely<Database>, userId: number, now: Date = new Date()): Promise<PersonalData | undefined> {
  const user = await db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
  if (!user) return undefined;
  const addresses = addressesIn(user.person_mail, user.croris_mail);
  const loginName = user.username.toLowerCase();

  const [projects, departures, keys, sent, received, usage, grants, mutes, sessions, attempts, mails, snapshot] = await Promise.all([
    db
      .selectFrom('memberships as m')
      .innerJoin('projects as p', 'p.id', 'm.project_id')
      .innerJoin('roles as r', 'r.id', 'm.role_id')
      .innerJoin('states as s', 's.id', 'p.state_id')
      .innerJoin('project_types as t', 't.id', 'p.project_type_id')
      .select(['p.identifier', 'p.name', 's.name as state', 't.name as project_type', 'r.name as role', 'm.date_joined', 'p.date_submitted', 'p.date_start', 'p.date_end'])
      .where('m.user_id', '=', userId)
      .orderBy('p.identifier')
      .execute(),
    db
      .selectFrom('membership_departures as d')
      .innerJoin('projects as p', 'p.id', 'd.project_id')
      .select(['p.identifier', 'd.role', 'd.date_joined', 'd.date_left'])
      .where('d.user_id', '=', userId)
      .orderBy('d.date_left')
      .execute(),
    db.selectFrom('ssh_keys').select(['name', 'fingerprint', 'public_key', 'date_created']).where('user_id', '=', userId).orderBy('id').execute(),
    db
      .selectFrom('invites as i')
      .innerJoin('projects as p', 'p.id', 'i.project_id')
      .select(['p.identifier', 'i.email', 'i.created', 'i.sent', 'i.accepted'])
      .where('i.inviter_id', '=', userId)
      .orderBy('i.id')
      .execute(),
    addresses.length || user.person_oib
      ? db
          .selectFrom('invites as i')
          .innerJoin('projects as p', 'p.id', 'i.project_id')
          .leftJoin('users as u', 'u.id', 'i.inviter_id')
          .select(['p.identifier', 'i.email', 'i.created', 'i.sent', 'i.accepted', 'u.first_name as inviter_first_name', 'u.last_name as inviter_last_name'])
          .where((eb) =>
            eb.or([
              ...(addresses.length ? [eb(sql<string>`lower(i.email)`, 'in', addresses)] : []),
              ...(user.person_oib ? [eb('i.person_oib', '=', user.person_oib)] : []),
            ]),
          )
          .orderBy('i.id')
          .execute()
      : Promise.resolve([]),
    db
      .selectFrom('usage_monthly as u')
      .innerJoin('projects as p', 'p.id', 'u.project_id')
      .select(['u.month', 'u.cluster', 'p.identifier', 'u.cpuh', 'u.gpuh', 'u.jobs'])
      .where('u.user_id', '=', userId)
      .orderBy('u.month')
      .orderBy('u.cluster')
      .orderBy('p.identifier')
      .execute(),
    db
      .selectFrom('project_grants as g')
      .innerJoin('projects as p', 'p.id', 'g.project_id')
      .innerJoin('memberships as m', (join) => join.onRef('m.project_id', '=', 'g.project_id').on('m.user_id', '=', userId))
      .select(['p.identifier', 'g.cluster', 'g.cpuh', 'g.gpuh', 'g.state', 'g.granted_at'])
      .orderBy('g.id')
      .execute(),
    db
      .selectFrom('project_mail_mutes as x')
      .innerJoin('projects as p', 'p.id', 'x.project_id')
      .select(['p.identifier', 'x.muted_at'])
      .where('x.user_id', '=', userId)
      .orderBy('p.identifier')
      .execute(),
    db.selectFrom('sessions').select(['created_at', 'expires_at', 'saml_federation', 'last_used_at', 'ip', 'user_agent']).where('user_id', '=', userId).orderBy('created_at').execute(),
    db
      .selectFrom('login_attempts')
      .select(['key', 'attempted_at'])
      .where(sql<string>`right(key, ${loginName.length + 1})`, '=', `|${loginName}`)
      .orderBy('attempted_at')
      .execute(),
    addresses.length
      ? db
          .selectFrom('outbox')
          .select(['kind', 'to_addr', 'cc_addr', 'subject', 'body', 'created_at', 'sent_at'])
          .where((eb) => eb.or(addresses.flatMap((a) => [eb(sql<string>`lower(to_addr)`, 'like', `%${a}%`), eb(sql<string>`lower(cc_addr)`, 'like', `%${a}%`)])))
          .orderBy('id')
          .execute()
      : Promise.resolve([]),
    user.person_oib
      ? db.selectFrom('registry_snapshots').select(['fetched_at', 'payload']).where('person_oib', '=', user.person_oib).executeTakeFirst()
      : Promise.resolve(undefined),
  ]);

  return {
    generated_at: now.toISOString(),
    profile: {
      username: user.username,
      first_name: user.first_name,
      last_name: user.last_name,
      person_oib: user.person_oib,
      person_mail: user.person_mail,
      person_type: user.person_type,
      person_uniqueid: user.person_uniqueid,
      person_username: user.person_username,
      person_affiliation: user.person_affiliation,
      person_institution: user.person_institution,
      person_institution_oib: user.person_institution_oib,
      person_organisation: user.person_organisation,
      is_active: user.is_active,
      status: user.status,
      is_staff: user.is_staff,
      is_superuser: user.is_superuser,
      has_password: user.password_hash !== null,
      date_joined: iso(user.date_joined)!,
      last_login: iso(user.last_login),
      language: user.language,
    },
    registry: {
      croris_first_name: user.croris_first_name,
      croris_last_name: user.croris_last_name,
      croris_mail: user.croris_mail,
      croris_mbz: user.croris_mbz,
      fetched_at: iso(snapshot?.fetched_at),
      payload: snapshot?.payload ?? null,
    },
    projects: projects.map((p) => ({ ...p, date_joined: iso(p.date_joined)!, date_submitted: iso(p.date_submitted) })),
    departures: departures.map((d) => ({ identifier: d.identifier, role: d.role, date_joined: iso(d.date_joined)!, date_left: iso(d.date_left)! })),
    ssh_keys: keys.map((k) => ({ ...k, date_created: iso(k.date_created)! })),
    invites_sent: sent.map((i) => ({ identifier: i.identifier, email: i.email, created: iso(i.created)!, sent: iso(i.sent), accepted: i.accepted })),
    invites_received: received.map((i) => ({
      identifier: i.identifier,
      email: i.email,
      created: iso(i.created)!,
      sent: iso(i.sent),
      accepted: i.accepted,
      inviter: i.inviter_first_name === null ? null : `${i.inviter_first_name} ${i.inviter_last_name ?? ''}`.trim(),
    })),
    usage: usage.map((u) => ({ month: String(u.month).slice(0, 7), cluster: u.cluster, identifier: u.identifier, cpuh: Number(u.cpuh), gpuh: Number(u.gpuh), jobs: Number(u.jobs) })),
    grants: grants.map((g) => ({ identifier: g.identifier, cluster: g.cluster, cpuh: g.cpuh === null ? null : Number(g.cpuh), gpuh: g.gpuh === null ? null : Number(g.gpuh), state: g.state, granted_at: iso(g.granted_at)! })),
    mail_preferences: {
      mail_language: user.mail_language,
      routine_mail: user.routine_mail,
      muted_projects: mutes.map((m) => ({ identifier: m.identifier, muted_at: iso(m.muted_at)! })),
    },
    sessions: sessions.map((s) => ({
      created_at: iso(s.created_at)!,
      expires_at: iso(s.expires_at)!,
      federation: s.saml_federation,
      last_used_at: iso(s.last_used_at)!,
      ip: s.ip,
      user_agent: s.user_agent,
    })),
    login_attempts: attempts.map((a) => ({ attempted_at: iso(a.attempted_at)!, key: a.key })),
    mails: mails
      .filter((m) => listHolds(m.to_addr, addresses) || listHolds(m.cc_addr, addresses))
      .map((m) => ({ kind: m.kind, to: m.to_addr, cc: m.cc_addr, subject: m.subject, body: m.body, created_at: iso(m.created_at)!, sent_at: iso(m.sent_at) })),
  };
}
