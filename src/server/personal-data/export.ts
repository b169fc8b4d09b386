/**
 * Everything the portal holds about one user, as one document (GDPR Art. 15 and 20): their own
 * rows and the rows that name them, never another user's. Shape: schemas/api/personal-data.json.
 */
import type { PersonalData } from '@generated';
import type { Db } from '@/server/db/handle';
import { grantsForExport } from '@/server/grants/queries';
import { invitesReceivedForExport, invitesSentForExport } from '@/server/invites/queries';
import { keysForExport } from '@/server/keys/queries';
import { mailMutesForExport, mailsMentioningForExport } from '@/server/mail/queries';
import { departuresForExport, membershipsForExport } from '@/server/memberships/queries';
import { registrySnapshotOf } from '@/server/registry/queries';
import { loginAttemptsForExport, sessionsForExport } from '@/server/sessions/queries';
import { usageForExport } from '@/server/accounting/queries';
import { userById } from '@/server/users/queries';
import { addressesIn } from '../users/user-addresses';

const iso = (value: Date | string | null | undefined): string | null => (value === null || value === undefined ? null : new Date(value).toISOString());

/** Whether an outbox address list ("a@x, b@y") holds one of the addresses. */
const listHolds = (list: string, addresses: string[]): boolean =>
  list
    .split(/[;,]/)
    .map((a) => a.trim().toLowerCase().replace(/^.*<([^>]+)>$/, '$1'))
    .some((a) => addresses.includes(a));

/** The export of one user, found by id; undefined when there is no such user. */
export async function personalDataOf(db: Db, userId: number, now: Date = new Date()): Promise<PersonalData | undefined> {
  const user = await userById(db, userId);
  if (!user) return undefined;
  const addresses = addressesIn(user.person_mail, user.croris_mail);
  const loginName = user.username.toLowerCase();

  const [projects, departures, keys, sent, received, usage, grants, mutes, sessions, attempts, mails, snapshot] = await Promise.all([
    membershipsForExport(db, userId),
    departuresForExport(db, userId),
    keysForExport(db, userId),
    invitesSentForExport(db, userId),
    invitesReceivedForExport(db, addresses, user.person_oib),
    usageForExport(db, userId),
    grantsForExport(db, userId),
    mailMutesForExport(db, userId),
    sessionsForExport(db, userId),
    loginAttemptsForExport(db, loginName),
    mailsMentioningForExport(db, addresses),
    user.person_oib ? registrySnapshotOf(db, user.person_oib) : Promise.resolve(undefined),
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
