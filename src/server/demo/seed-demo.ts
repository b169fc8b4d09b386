import { randomInt } from 'node:crypto';
import { addDays, format, subYears } from 'date-fns';
import { sql } from 'kysely';
import type { DatabaseHandle, Trx } from '@/server/db/handle';
import { hasUsers, insertUser } from '@/server/users/queries';
import { addProject, addStaffComment } from '@/server/projects/queries';
import { setProjectCounter } from '@/server/projects/queries-codes';
import { addExtension } from '@/server/extensions/queries';
import { addSshKey } from '@/server/keys/queries';
import { addInvite } from '@/server/invites/queries';
import { addSoftware } from '@/server/software/queries';
import { lookupIds } from '../db/vocabularies';
import { formatIssue, type SchemaSet } from '@/schema-runtime';
import { hashPassword } from '../users/passwords';
import { parsePublicKey } from '../keys/ssh-key-parse';
import type { PersonRef, RoleName } from '@generated';
import { addMembers, ROLE } from '../memberships/queries';
import { DEMO_INVITES, DEMO_PEOPLE, DEMO_PROJECTS, DEMO_SSH_KEYS, INITIAL_SOFTWARE, type DemoPerson, type DemoProject } from './demo-data';
import { clusterUsername } from '../users/cluster-username';
import { requestDateCeiling } from '@/schema-runtime';
import { seedDemoUsage, type UsageSeedProject } from './seed-usage';
import { seedDemoGrants } from './seed-grants';

const DAY_MS = 86_400_000;
/** Arbitrary constant: serialises seeding when several app processes start at once. */
const SEED_LOCK_ID = 7_234_001;
/** The initial software list was stamped at noon Croatian summer time. */
const SOFTWARE_CREATED = new Date('2023-04-20T12:00:00+02:00');
const SOFTWARE_ADDED_BY = { username: 'initial', first_name: 'Initial', last_name: 'set' };
const INVITE_KEY_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

interface PlannedProject {
  data: DemoProject;
  typeName: string;
  identifier: string;
  submitted: Date;
  approved: Date | null;
  start: string;
  end: string;
}

function inviteKey(): string {
  return Array.from({ length: 64 }, () => INVITE_KEY_ALPHABET[randomInt(INVITE_KEY_ALPHABET.length)]).join('');
}

function assertValid(schemas: SchemaSet, schemaId: string, data: unknown, what: string): void {
  const result = schemas.validate(schemaId, data);
  if (!result.valid)
    throw new Error(`demo data: ${what} breaks ${schemaId}: ${result.issues.map((i) => `${i.path} ${formatIssue(i, 'en')}`).join('; ')}`);
}

/** A 'yyyy-MM-dd' day `offset` days from `now`, kept before the date ceiling of rules/constants. */
function demoDay(schemas: SchemaSet, now: Date): (offset: number) => string {
  // Request dates may not pass the ceiling, so the demo keeps inside it even when that shortens a project.
  const lastDay = addDays(new Date(`${requestDateCeiling(schemas)}T00:00:00`), -1);
  return (offset) => format(new Date(Math.min(addDays(now, offset).getTime(), lastDay.getTime())), 'yyyy-MM-dd');
}

/** Turns the relative dates of the demo projects into dates, identifiers and types. */
function planProjects(schemas: SchemaSet, now: Date): PlannedProject[] {
  const day = demoDay(schemas, now);
  const prefixes = new Map(
    schemas.vocabulary<{ projectType: string; identifierPrefix: string }>('requests/index').map((r) => [r.projectType, r.identifierPrefix]),
  );
  const planned = DEMO_PROJECTS.map((data): Omit<PlannedProject, 'identifier'> & { identifier?: string } => {
    const submitted = new Date(now.getTime() - data.submittedDaysAgo * DAY_MS);
    const end = day(data.endDays);
    return {
      data,
      typeName: data.type.split('{product}').join(schemas.service.productKey),
      identifier: data.code,
      submitted,
      approved: data.approvedAfterDays === undefined ? null : addDays(submitted, data.approvedAfterDays),
      start: data.oneYear ? format(subYears(new Date(`${end}T00:00:00`), 1), 'yyyy-MM-dd') : day(data.startDays),
      end,
    };
  });
  // Counter-based identifiers are numbered per month of submission, in submission order.
  const perMonth = new Map<string, number>();
  for (const p of [...planned].sort((a, b) => a.submitted.getTime() - b.submitted.getTime())) {
    if (p.identifier) continue;
    const prefix = prefixes.get(p.typeName);
    if (!prefix) throw new Error(`demo data: no request type stores project type ${p.typeName}`);
    const month = format(p.submitted, 'yyyy-MM');
    const n = (perMonth.get(month) ?? 0) + 1;
    perMonth.set(month, n);
    p.identifier = `${prefix}-${month}-${String(n).padStart(3, '0')}`;
  }
  return planned as PlannedProject[];
}

function personRef(person: DemoPerson): PersonRef {
  const { first_name, last_name, username, person_uniqueid } = person;
  return { first_name, last_name, username, person_uniqueid };
}

function labels(values: readonly string[]): string {
  return JSON.stringify(values.map((value) => ({ label: value, value })));
}

/**
 * Fills an empty database with the demo data set: the demo accounts of DESIGN.md (password =
 * username), ten ordinary users, projects of the lead in every state of `rules/states`,
 * memberships, SSH keys, invitations, extensions, the initial software list and the counter.
 *
 * Runs in one transaction and only when the users table is empty, under an advisory lock so two
 * processes starting together seed once. Needs the lookup tables filled (`syncVocabularies`).
 *
 * @param now the moment the relative demo dates count from (tests pass a fixed one)
 * @returns true when it seeded, false when there were users already (nothing is written then)
 * @throws when a demo science field, resource amount or software name breaks the schemas
 */
export async function seedDemo(db: DatabaseHandle, schemas: SchemaSet, now: Date = new Date()): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(${SEED_LOCK_ID})`.execute(trx);
    if (await hasUsers(trx)) return false;
    await insertDemo(trx, schemas, now);
    return true;
  });
}

async function insertDemo(trx: Trx, schemas: SchemaSet, now: Date): Promise<void> {
  const projects = planProjects(schemas, now);
  const software = new Set(INITIAL_SOFTWARE);
  for (const p of projects) {
    assertValid(schemas, 'rules/science-domains', p.data.science, `science_field of ${p.data.key}`);
    assertValid(schemas, 'rules/resource-limits', p.data.resources, `resources_numbers of ${p.data.key}`);
    const unknown = p.data.software.filter((s) => !software.has(s));
    if (unknown.length) throw new Error(`demo data: ${p.data.key} uses software not in the list: ${unknown.join(', ')}`);
  }
  const [states, types] = await Promise.all([lookupIds(trx, 'states'), lookupIds(trx, 'project_types')]);
  const activeStates = new Set(schemas.vocabulary<{ isActive: boolean }>('rules/states').filter((s) => s.isActive).map((s) => s.value));
  const idOf = (map: Map<string, number>, name: string, what: string): number => {
    const id = map.get(name);
    if (id === undefined) throw new Error(`${what} "${name}" is not in the database; run syncVocabularies first`);
    return id;
  };

  // People on an active project are active; everyone on a project that was ever approved got a cluster login.
  const members = (p: PlannedProject) => [p.data.lead, ...p.data.collaborators];
  const active = new Set(projects.filter((p) => activeStates.has(p.data.state)).flatMap(members));
  const approvedMembers = new Set(projects.filter((p) => p.approved).flatMap(members));
  const clusterNames: string[] = [];
  const userIds = new Map<string, number>();
  const joined = new Map<string, Date>();
  for (const person of DEMO_PEOPLE) {
    const { demoAccount, joinedDaysAgo, croris_mbz, is_staff, is_superuser, person_type, ...directory } = person;
    const person_username = approvedMembers.has(person.username) ? clusterUsername(person.first_name, person.last_name, clusterNames) : '';
    if (person_username) clusterNames.push(person_username);
    joined.set(person.username, new Date(now.getTime() - joinedDaysAgo * DAY_MS));
    const { id: userId } = await insertUser(trx, {
      ...directory,
      password_hash: demoAccount ? await hashPassword(person.username) : null,
      is_staff: is_staff ?? false,
      is_superuser: is_superuser ?? false,
      status: active.has(person.username),
      person_type: person_type ?? 'local',
      person_username,
      croris_mbz: croris_mbz ?? null,
      croris_first_name: croris_mbz ? person.first_name : '',
      croris_last_name: croris_mbz ? person.last_name : '',
      croris_mail: croris_mbz ? person.person_mail : '',
      date_joined: joined.get(person.username)!,
    });
    userIds.set(person.username, userId);
  }
  const people = new Map(DEMO_PEOPLE.map((p) => [p.username, p]));
  const person = (username: string): DemoPerson => {
    const found = people.get(username);
    if (!found) throw new Error(`demo data: no person ${username}`);
    return found;
  };
  const staff = personRef(person('staff'));

  const projectIds = new Map<string, number>();
  const usageProjects: UsageSeedProject[] = [];
  for (const p of projects) {
    const { data } = p;
    const denied = data.state === 'deny' ? addDays(p.submitted, 3) : null;
    const registry = data.registry;
    const id = await addProject(trx, {
      identifier: p.identifier,
      name: data.name,
      institute: data.institute,
      reason: data.reason,
      date_submitted: p.submitted,
      date_approved: p.approved,
      // Processing sets date_changed on every staff change, approval included.
      date_changed: denied ?? p.approved,
      date_start: p.start,
      date_end: p.end,
      approved_by: p.approved ? JSON.stringify(staff) : null,
      denied_by: denied ? JSON.stringify(staff) : null,
      science_field: JSON.stringify(data.science),
      science_software: JSON.stringify(data.software),
      science_extrasoftware: data.extraSoftware ?? '',
      science_extrasoftware_help: data.extraSoftwareHelp ?? false,
      resources_numbers: JSON.stringify(data.resources),
      resources_type: labels(data.requested),
      staff_resources_type: labels(data.granted),
      is_active: activeStates.has(data.state),
      state_id: idOf(states, data.state, 'state'),
      project_type_id: idOf(types, p.typeName, 'project type'),
      ...(registry && {
        croris_id: registry.id,
        croris_identifier: data.code ?? '',
        croris_title: registry.title,
        croris_summary: registry.summary,
        croris_type: registry.type,
        croris_start: format(addDays(now, registry.startDays), 'yyyy-MM-dd'),
        croris_end: format(addDays(now, registry.endDays), 'yyyy-MM-dd'),
        croris_lead: JSON.stringify(`${person(data.lead).first_name} ${person(data.lead).last_name}`),
        croris_finance: JSON.stringify(registry.finance),
        croris_institute: JSON.stringify(registry.institutes),
        croris_collaborators: JSON.stringify(
          registry.collaborators.map(person).map((c) => ({
            first_name: c.first_name,
            last_name: c.last_name,
            oib: c.person_oib,
            email: c.person_mail,
            institution: c.person_institution,
          })),
        ),
      }),
    });
    projectIds.set(data.key, id);
    if (p.approved)
      usageProjects.push({
        id,
        key: data.key,
        from: p.approved,
        to: new Date(`${p.end}T23:59:59`),
        requested: data.requested,
        members: members(p).map((u) => userIds.get(u)!),
      });

    const memberships = [
      { user: data.lead, role: ROLE.lead as RoleName, at: p.submitted },
      ...data.collaborators.map((user) => {
        // Collaborators join after approval, and never before their account existed.
        const afterApproval = addDays(p.approved ?? p.submitted, 3).getTime();
        return { user, role: ROLE.collaborator as RoleName, at: new Date(Math.max(afterApproval, joined.get(user)!.getTime())) };
      }),
    ];
    await addMembers(
      trx,
      memberships.map((m) => ({ userId: userIds.get(m.user)!, projectId: id, role: m.role, joined: m.at })),
    );
    if (denied && data.denyComment)
      await addStaffComment(trx, { projectId: id, comment: data.denyComment, date: denied, by: JSON.stringify(staff), projectState: 'deny' });
    if (data.extension) {
      const ext = data.extension;
      const submitted = new Date(now.getTime() - ext.submittedDaysAgo * DAY_MS);
      await addExtension(trx, {
        project_id: id,
        reason: ext.reason,
        date_end: demoDay(schemas, now)(ext.endDays),
        approved: ext.approved,
        date_submitted: submitted,
        processed_by: ext.approved ? JSON.stringify(staff) : null,
        date_processed: ext.approved ? addDays(submitted, 2) : null,
      });
    }
  }

  for (const key of DEMO_SSH_KEYS) {
    // The same parser as uploads: a demo key that would be refused there fails the seed instead.
    const parsed = parsePublicKey(key.publicKey, schemas.constants.sshRsaMinBits);
    await addSshKey(trx, {
      user_id: userIds.get(key.username)!,
      name: key.name,
      public_key: parsed.publicKey,
      fingerprint: parsed.fingerprint,
      date_created: addDays(now, -100),
    });
  }

  for (const invite of DEMO_INVITES) {
    const project = projects.find((p) => p.data.key === invite.project)!;
    const sent = addDays(now, -invite.daysAgo);
    await addInvite(trx, {
      key: inviteKey(),
      email: invite.email,
      project_id: projectIds.get(invite.project)!,
      inviter_id: userIds.get(project.data.lead)!,
      accepted: false,
      created: sent,
      sent,
      person_oib: invite.oibOf ? person(invite.oibOf).person_oib : '',
      invtype: 'local',
    });
  }

  await addSoftware(trx, INITIAL_SOFTWARE.map((name) => ({ name, created: SOFTWARE_CREATED, added_by: JSON.stringify(SOFTWARE_ADDED_BY) })));

  await seedDemoUsage(trx, schemas, usageProjects, now);
  await seedDemoGrants(trx, schemas, usageProjects.map((p) => p.id), now);

  const month = format(now, 'yyyy-MM');
  const counter = projects.filter((p) => !p.data.code && format(p.submitted, 'yyyy-MM') === month).length;
  await setProjectCounter(trx, month, counter);
}
