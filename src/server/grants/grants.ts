/**
 * Hours granted (docs/decisions/0290-hours-granted.md): staff set them on approval and on
 * extension; each (project, cluster) keeps its grants as rows and the newest is in force, so a new
 * grant has warnings of its own (re-armed) while the old ones stay as history.
 */
import type { Db, Trx } from '@/server/db/handle';
import type { GrantRulesGrant, PersonRef } from '@generated';
import { defaultGrants, grantRules, grantsHoursIn, SCHEMA_IDS, type SchemaSet } from '@/schema-runtime';
import { ApiError, msg } from '@/server/errors';
import { grantRowsInForce, hasAnyGrant, insertGrants } from './queries';

/** A grant in force. */
export interface GrantInForce {
  id: number;
  projectId: number;
  cluster: string;
  cpuh: number | null;
  gpuh: number | null;
  grantedAt: Date;
}

/** The grants in force of some projects (all projects with one when `projectIds` is undefined), by project and cluster. */
export async function grantsInForce(db: Db, projectIds?: number[]): Promise<GrantInForce[]> {
  if (projectIds && !projectIds.length) return [];
  const rows = await grantRowsInForce(db, projectIds);
  return rows.map((r) => ({ id: r.id, projectId: r.project_id, cluster: r.cluster, cpuh: r.cpuh, gpuh: r.gpuh, grantedAt: r.granted_at }));
}

/** What a staff change grants: the body's grants, or on a first approval with none the defaults of rules/grants.json. */
export interface GrantChange {
  projectId: number;
  projectType: string;
  target: string;
  /** Whether the project had no approval before this change. */
  firstApproval: boolean;
  /** The resource types granted after the change. */
  resourceTypes: string[];
  sent: GrantRulesGrant[] | undefined;
  by: PersonRef;
  now: Date;
}

/**
 * Stores the grants of a staff change in its transaction: those sent (only towards a state flagged
 * `grantsHours`), or on a first approval without any and without a grant yet, the defaults.
 *
 * @throws ApiError validationFailed when grants are sent towards a state that does not grant hours
 */
export async function storeGrants(trx: Trx, schemas: SchemaSet, change: GrantChange): Promise<void> {
  const allowed = grantsHoursIn(schemas.vocabulary<{ grantsHours?: boolean }>(SCHEMA_IDS.states), change.target);
  if (change.sent?.length && !allowed) throw new ApiError('validationFailed', msg('grantsNotInState', { state: change.target }));
  let grants = change.sent ?? [];
  if (!grants.length && allowed && change.firstApproval) {
    if (!(await hasAnyGrant(trx, change.projectId))) grants = defaultGrants(grantRules(schemas), change.projectType, change.resourceTypes);
  }
  if (!grants.length) return;
  await insertGrants(
    trx,
    grants.map((g) => ({
      project_id: change.projectId,
      cluster: g.cluster,
      cpuh: g.cpuh ?? null,
      gpuh: g.gpuh ?? null,
      state: change.target,
      granted_by: JSON.stringify(change.by),
      granted_at: change.now,
    })),
  );
}
