/**
 * Behaviour the schemas state as annotations, read the same way by the server, the client and the
 * QA tool: in rules/states.json the states flagged `isActive` are running projects, the state
 * flagged `extensionRequest` is where a lead's extension request moves a project, and a state
 * allows an extension when its `leadOptions` offer that state; in rules/roles.json the role flagged `leads` is the project lead's.
 */
import type { SchemaCatalog } from './schema-catalog';
import { SCHEMA_IDS } from './schema-ids';

/** A state as rules/states.json annotates it (only what these rules read). */
export interface StateBehaviourEntry {
  value: string;
  leadOptions?: string[];
  extensionRequest?: boolean;
}

/** Names of the states whose projects are running: those rules/states.json flags `isActive`. */
export function activeStates(states: readonly { value: string; isActive?: boolean }[]): string[] {
  return states.filter((s) => s.isActive === true).map((s) => s.value);
}

/** The state a lead's extension request moves a project to; throws when no state is flagged. */
export function extensionRequestState(states: readonly StateBehaviourEntry[]): string {
  const flagged = states.filter((s) => s.extensionRequest === true);
  if (flagged.length !== 1) throw new Error(`rules/states must flag exactly one state extensionRequest (found ${flagged.length})`);
  return flagged[0].value;
}

/** Whether a lead may ask to extend a project in `state`. */
export function allowsExtension(states: readonly StateBehaviourEntry[], state: string): boolean {
  const target = extensionRequestState(states);
  return states.some((s) => s.value === state && (s.leadOptions ?? []).includes(target));
}

/** The role of a project's lead: the one entry of rules/roles.json flagged `leads`. */
export function leadRoleName(roles: readonly { value: string; leads?: boolean }[]): string {
  const flagged = roles.filter((r) => r.leads === true);
  if (flagged.length !== 1) throw new Error(`rules/roles must flag exactly one role leads (found ${flagged.length})`);
  return flagged[0].value;
}

/** The longest username (maxLength of rules/username.json). */
export function usernameMaxLength(schemas: { schema(nameOrId: string): Record<string, unknown> }): number {
  const max = schemas.schema('rules/username').maxLength;
  if (typeof max !== 'number') throw new Error('rules/username has no maxLength');
  return max;
}

/** How the portal reads the research registry (rules/registry.json). */
export interface RegistryRules {
  /** A registry project stays visible this many days after its end. */
  graceDays: number;
  /** The registry's text for a person or project it does not know. */
  notFoundText: string;
}

/** The constants of rules/registry.json. */
export function registryRules(schemas: { schema(nameOrId: string): Record<string, unknown> }): RegistryRules {
  const properties = (schemas.schema('rules/registry').properties ?? {}) as Record<string, { const?: unknown }>;
  const graceDays = properties.graceDays?.const;
  const notFoundText = properties.notFoundText?.const;
  if (typeof graceDays !== 'number' || typeof notFoundText !== 'string') throw new Error('rules/registry needs graceDays and notFoundText');
  return { graceDays, notFoundText };
}

/** A project type as rules/project-types.json flags it (only what these rules read). */
interface ProjectTypeFlags {
  registryBased?: boolean;
  institutional?: boolean;
}

type Vocabularies = Pick<SchemaCatalog, 'vocabulary'>;

const projectTypeFlag = (schemas: Vocabularies, projectType: string, flag: keyof ProjectTypeFlags): boolean =>
  schemas.vocabulary<ProjectTypeFlags>(SCHEMA_IDS.projectTypes).some((t) => t.value === projectType && t[flag] === true);

/**
 * Whether projects of a type are built from a research-registry project (`registryBased` in
 * rules/project-types.json): their request page lists the lead's registry projects first.
 */
export function isRegistryBased(schemas: Vocabularies, projectType: string): boolean {
  return projectTypeFlag(schemas, projectType, 'registryBased');
}

/** Whether the institutional eligibility check (reference §3.8) applies to a type (`institutional` in rules/project-types.json). */
export function isInstitutional(schemas: Vocabularies, projectType: string): boolean {
  return projectTypeFlag(schemas, projectType, 'institutional');
}
