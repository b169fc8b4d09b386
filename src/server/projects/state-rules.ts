/**
 * The project rules read from the schemas: states with their flags and options, request types,
 * roles. The few state names that carry behaviour of their own (what approving or denying does)
 * are named here once and checked against rules/states.json, so a renamed state fails loudly at
 * the first use instead of silently changing what the server allows.
 */
import type { SchemaSet } from '@/schema-runtime';
import { extensionRequestState, leadRoleName, SCHEMA_IDS } from '@/schema-runtime';
import type { ProjectTypeName, RequestTypeRoute, RoleName, StateName } from '@generated';
import { ROLE } from '@/server/memberships/queries';

/** States whose transitions have side effects beyond setting the state. */
export const STATE = {
  /** New requests are filed in it. */
  submitted: 'submit',
  /** First approval records who approved and activates the lead. */
  approved: 'approve',
  /** Needs a reason (a staff comment), which is kept. */
  denied: 'deny',
  /** Approving an extension request: the pending extension's end date becomes the project's. */
  extended: 'extend',
  /** A lead's extension request puts the project in it (checked to be the state flagged `extensionRequest`). */
  extensionRequested: 'submit-extend',
  /** Where the automatic lifecycle moves a project whose grace period has passed. */
  expired: 'expire',
} as const satisfies Record<string, StateName>;

/** One state of rules/states.json with the flags the server reads. */
export interface StateRule {
  value: StateName;
  isActive: boolean;
  /** Projects in it are still requests (submit, deny), not projects. */
  isRequest: boolean;
  staffOptions: StateName[];
  leadOptions: StateName[];
  /** The lifecycle moves a project near its end date to this state and asks for an extension. */
  endingState?: StateName;
  /** The lifecycle reminds the lead once more on the end date. */
  remindAtEnd: boolean;
  /** The lifecycle expires the project when its end date plus the grace months has passed. */
  expiresAfterGrace: boolean;
  /** The current portal had this state too: its clients may be sent it as it is (docs/external-api.md). */
  knownToCurrentPortal: boolean;
  /** For a state it did not have: what such a client is sent when the project's history names no earlier active one. */
  currentPortalFallback?: StateName;
}

/** One request type of requests/index.json. */
export interface RequestTypeRule {
  value: RequestTypeRoute;
  projectType: ProjectTypeName;
  staffOnly: boolean;
  identifierPrefix: string;
  form: string;
  accepting: boolean;
  label: { hr: string; en: string };
}

const checked = new WeakSet<SchemaSet>();

function assertNamed(schemas: SchemaSet): void {
  if (checked.has(schemas)) return;
  const states = new Set(schemas.vocabulary(SCHEMA_IDS.states).map((s) => s.value));
  const roles = new Set(schemas.vocabulary(SCHEMA_IDS.roles).map((r) => r.value));
  for (const name of Object.values(STATE)) if (!states.has(name)) throw new Error(`rules/states has no state "${name}"`);
  for (const name of Object.values(ROLE)) if (!roles.has(name)) throw new Error(`rules/roles has no role "${name}"`);
  const lead = leadRoleName(schemas.vocabulary<{ leads?: boolean }>(SCHEMA_IDS.roles));
  if (lead !== ROLE.lead) throw new Error(`rules/roles flags "${lead}" as the lead's role, the server names "${ROLE.lead}"`);
  const extension = extensionRequestState(schemas.vocabulary<{ extensionRequest?: boolean }>(SCHEMA_IDS.states));
  if (extension !== STATE.extensionRequested)
    throw new Error(`rules/states flags "${extension}" as the extension request's state, the server names "${STATE.extensionRequested}"`);
  checked.add(schemas);
}

/** Every state of rules/states.json. */
export function stateRules(schemas: SchemaSet): StateRule[] {
  assertNamed(schemas);
  return schemas.vocabulary<Partial<StateRule>>(SCHEMA_IDS.states).map((s) => ({
    value: s.value as StateName,
    isActive: s.isActive === true,
    isRequest: s.isRequest === true,
    staffOptions: s.staffOptions ?? [],
    leadOptions: s.leadOptions ?? [],
    endingState: s.endingState,
    remindAtEnd: s.remindAtEnd === true,
    expiresAfterGrace: s.expiresAfterGrace === true,
    knownToCurrentPortal: s.knownToCurrentPortal === true,
    currentPortalFallback: s.currentPortalFallback,
  }));
}

/** The rule of one state; throws for a name that is not a state (a stored row the schemas lost). */
export function stateRule(schemas: SchemaSet, name: string): StateRule {
  const rule = stateRules(schemas).find((s) => s.value === name);
  if (!rule) throw new Error(`state "${name}" is not in rules/states.json`);
  return rule;
}

/** Whether `name` is a role of rules/roles.json. */
export function isRoleName(schemas: SchemaSet, name: string): name is RoleName {
  assertNamed(schemas);
  return schemas.vocabulary(SCHEMA_IDS.roles).some((r) => r.value === name);
}

/** Every request type of requests/index.json, in chooser order. */
export function requestTypes(schemas: SchemaSet): RequestTypeRule[] {
  assertNamed(schemas);
  return schemas.vocabulary<Omit<RequestTypeRule, 'value'>>(SCHEMA_IDS.requestTypes).map((r) => ({ ...r, value: r.value as RequestTypeRoute }));
}

/** The request type that files projects of `projectType`, if any. */
export function requestTypeOf(schemas: SchemaSet, projectType: string): RequestTypeRule | undefined {
  return requestTypes(schemas).find((r) => r.projectType === projectType);
}

/** The schema id of a request type's form, e.g. `requests/internal-project`. */
export function formSchemaId(rule: RequestTypeRule): string {
  return `requests/${rule.form}`;
}

