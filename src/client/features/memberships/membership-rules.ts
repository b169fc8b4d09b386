import type { User } from '@generated';
import { leadRoleName } from '@/schema-runtime/rule-annotations';
import { SCHEMA_IDS } from '@/schema-runtime/schema-ids';
import type { SchemaCatalog } from '@/schema-runtime/schema-catalog';
import type { PortalProject } from '@/client/api/projects';

/** The rules of the memberships pages, read from the schemas once. */
export interface MembershipRuleSet {
  /** States of requests (isRequest): such projects are not memberships. */
  requestStates: readonly string[];
  /** Types whose local collaborators come from the registry (registryBased). */
  registryTypes: readonly string[];
  /** Types that take foreign-collaborator invitations (foreignInvites in rules/project-types.json). */
  foreignInviteTypes: readonly string[];
  /** Types staff may add users to by username: those of the staff-only request types. */
  staffAddTypes: readonly string[];
  /** The lead's role (the one rules/roles.json flags `leads`). */
  leadRole: string;
}

/** Builds the rule set from rules/states.json, rules/project-types.json, rules/roles.json and requests/index.json. */
export function membershipRuleSet(schemas: SchemaCatalog): MembershipRuleSet {
  const requestStates = schemas
    .vocabulary<{ isRequest?: boolean }>(SCHEMA_IDS.states)
    .filter((s) => s.isRequest === true)
    .map((s) => s.value);
  const types = schemas.vocabulary<{ registryBased?: boolean; foreignInvites?: boolean }>(SCHEMA_IDS.projectTypes);
  const registryTypes = types.filter((t) => t.registryBased === true).map((t) => t.value);
  const staffAddTypes = schemas
    .vocabulary<{ staffOnly?: boolean; projectType?: string }>(SCHEMA_IDS.requestTypes)
    .filter((r) => r.staffOnly === true && typeof r.projectType === 'string')
    .map((r) => r.projectType as string);
  return { requestStates, registryTypes, foreignInviteTypes: types.filter((t) => t.foreignInvites === true).map((t) => t.value), staffAddTypes, leadRole: leadRoleName(schemas.vocabulary<{ leads?: boolean }>(SCHEMA_IDS.roles)) };
}

/** Projects that are memberships (not requests), split by is_active. */
export function membershipProjects(
  projects: readonly PortalProject[],
  rules: MembershipRuleSet,
): { active: PortalProject[]; inactive: PortalProject[] } {
  const memberships = projects.filter((p) => !rules.requestStates.includes(p.state.name));
  return { active: memberships.filter((p) => p.is_active), inactive: memberships.filter((p) => !p.is_active) };
}

/** What a user may do on a membership's page. */
export interface MembershipControls {
  isLead: boolean;
  /** Invite by e-mail (the lead only). */
  invite: boolean;
  /** Where local invitees come from: the registry's collaborator list, or free e-mail addresses. */
  localInvites: 'registry' | 'free';
  /** A separate box for foreign collaborators (eduGAIN). */
  foreignInvites: boolean;
  /** Sign collaborators off (the lead only). */
  signOff: boolean;
  /** Cancel pending invitations (the lead only). */
  cancelInvites: boolean;
  /** Add existing users by username (staff on internal and workshop projects). */
  addByUsername: boolean;
}

/** The controls a user gets on a project (spec points 2 "Memberships", 5 "Collaborators", 6). */
export function membershipControls(user: Pick<User, 'id' | 'is_staff' | 'is_superuser'>, project: PortalProject, rules: MembershipRuleSet): MembershipControls {
  const type = project.project_type.name;
  const isLead = (project.userproject_set ?? []).some((m) => m.user.id === user.id && m.role.name === rules.leadRole);
  return {
    isLead,
    invite: isLead,
    localInvites: rules.registryTypes.includes(type) ? 'registry' : 'free',
    foreignInvites: isLead && rules.foreignInviteTypes.includes(type),
    signOff: isLead,
    cancelInvites: isLead,
    addByUsername: (user.is_staff || user.is_superuser) && rules.staffAddTypes.includes(type),
  };
}

/** Members a lead may sign off: collaborators only, never a lead. */
export function signOffCandidates(project: PortalProject, rules: Pick<MembershipRuleSet, 'leadRole'>): number[] {
  const members = project.userproject_set ?? [];
  const leads = new Set(members.filter((m) => m.role.name === rules.leadRole).map((m) => m.user.id));
  return members.filter((m) => !leads.has(m.user.id)).map((m) => m.user.id);
}

/**
 * The kind of a collaborators submission (spec point 5): only usernames chosen → add_internal
 * (users-intprojects); any e-mail address → add (invitations, plus the usernames if any).
 * Nothing chosen → null.
 */
export function submissionType(emails: readonly string[], usernames: readonly string[]): 'add' | 'add_internal' | null {
  if (emails.length > 0) return 'add';
  return usernames.length > 0 ? 'add_internal' : null;
}
