/**
 * What invitations and memberships need to know about a project: its type's rules (read from
 * rules/project-types.json and requests/index.json) and whether its state is active (rules/states.json).
 */
import type { AppContext } from '@/server/context';
import type { Db } from '@/server/db/handle';
import { projectWithStateAndType } from '@/server/projects/queries';
import { SCHEMA_IDS, type SchemaSet } from '@/schema-runtime';
import { activeStateNames } from '../projects/active-states';

/** person_type of users who sign in through eduGAIN; anything else counts as local. */
export const FOREIGN_PERSON = 'foreign';

/** The project-type rules of the invitation and membership endpoints. */
export interface ProjectTypeRules {
  /** Types whose local collaborators must come from the registry (registryBased). */
  registryTypes: string[];
  /** The institutional type (registry check when joining). */
  institutionalType: string;
  /** Types that take foreignCollaboratorEmails (foreignInvites in rules/project-types.json). */
  foreignInviteTypes: string[];
  /** Types staff may add users to directly: those of the staff-only request types. */
  staffAddTypes: string[];
}

/**
 * Reads the type rules from the schemas.
 *
 * @throws when rules/project-types.json marks no type as institutional
 */
export function projectTypeRules(schemas: SchemaSet): ProjectTypeRules {
  const types = schemas.vocabulary<{ registryBased?: boolean; foreignInvites?: boolean; institutional?: boolean }>(
    SCHEMA_IDS.projectTypes,
  );
  const institutional = types.find((t) => t.institutional === true);
  if (!institutional) throw new Error('rules/project-types marks no type as institutional');
  const registryTypes = types.filter((t) => t.registryBased === true).map((t) => t.value);
  const staffAddTypes = schemas
    .vocabulary<{ staffOnly?: boolean; projectType?: string }>(SCHEMA_IDS.requestTypes)
    .filter((r) => r.staffOnly === true && typeof r.projectType === 'string')
    .map((r) => r.projectType as string);
  return {
    registryTypes,
    institutionalType: institutional.value,
    foreignInviteTypes: types.filter((t) => t.foreignInvites === true).map((t) => t.value),
    staffAddTypes,
  };
}

/** A project as these endpoints see it. */
export interface ProjectFacts {
  id: number;
  identifier: string;
  name: string;
  type: string;
  state: string;
  /** The state is one of the active ones (isActive in rules/states.json). */
  active: boolean;
  croris_id: number | null;
}

/** Loads a project by database id, or by its identifier (unique, matched exactly), or undefined. */
export async function findProject(
  ctx: AppContext,
  db: Db,
  project: number | { identifier: string },
): Promise<ProjectFacts | undefined> {
  const row = await projectWithStateAndType(db, project);
  if (!row) return undefined;
  return { ...row, active: activeStateNames(ctx.schemas).includes(row.state) };
}

/**
 * Parses a path id (`:projectId`, `:pk`); undefined when it is not a database id (api/database-id.json:
 * a positive whole number within the database's range).
 */
export function parseDatabaseId(schemas: SchemaSet, raw: string): number | undefined {
  if (!/^[1-9][0-9]{0,15}$/.test(raw)) return undefined;
  const id = Number(raw);
  return schemas.validate('api/database-id', id).valid ? id : undefined;
}

