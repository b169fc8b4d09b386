/**
 * The only module that names the tables of grants/ (project_grants, grant_warnings): the questions its services, and
 * other rooms', ask of them. Joins may read other rooms' tables.
 */
import type { Insertable } from 'kysely';
import type { Db } from '@/server/db/handle';
import type { ProjectGrantsTable } from '@/server/db/tables-grants';

/** A grant row in force: the newest of its (project, cluster). */
export interface GrantInForceRow {
  id: number;
  project_id: number;
  cluster: string;
  cpuh: number | null;
  gpuh: number | null;
  granted_at: Date;
}

/** The newest grant of each (project, cluster) of some projects (all projects with one when `projectIds` is undefined), by project and cluster. */
export async function grantRowsInForce(db: Db, projectIds?: number[]): Promise<GrantInForceRow[]> {
  return db
    .selectFrom('project_grants')
    .distinctOn(['project_id', 'cluster'])
    .select(['id', 'project_id', 'cluster', 'cpuh', 'gpuh', 'granted_at'])
    .$if(projectIds !== undefined, (q) => q.where('project_id', 'in', projectIds!))
    .orderBy('project_id')
    .orderBy('cluster')
    .orderBy('id', 'desc')
    .execute();
}

/** Whether a project has any grant row at all. */
export async function hasAnyGrant(db: Db, projectId: number): Promise<boolean> {
  return (await db.selectFrom('project_grants').select('id').where('project_id', '=', projectId).executeTakeFirst()) !== undefined;
}

/** A grant to store. */
export type NewGrant = Insertable<ProjectGrantsTable>;

/** Stores grants (each the newest, so in force, of its project and cluster). */
export async function insertGrants(db: Db, grants: readonly NewGrant[]): Promise<void> {
  await db.insertInto('project_grants').values(grants).execute();
}

/** Of some grants, those whose warning flagged the project on the staff list. */
export async function flaggedGrantIds(db: Db, grantIds: number[]): Promise<number[]> {
  return (await db.selectFrom('grant_warnings').select('grant_id').where('flagged', '=', true).where('grant_id', 'in', grantIds).execute()).map((f) => f.grant_id);
}

/**
 * Claims the warning of a (grant, kind, threshold): true when this call's row went in, false when
 * it was there already. Of several processes, the one whose row goes in sends; the others wait on
 * the row, then skip.
 */
export async function claimGrantWarning(
  db: Db,
  warning: { grantId: number; kind: string; threshold: string; flagged: boolean; sentAt: Date },
): Promise<boolean> {
  const claimed = await db
    .insertInto('grant_warnings')
    .values({ grant_id: warning.grantId, kind: warning.kind, threshold: warning.threshold, flagged: warning.flagged, sent_at: warning.sentAt })
    .onConflict((oc) => oc.doNothing())
    .returning('grant_id')
    .executeTakeFirst();
  return claimed !== undefined;
}

/** The grants of the projects a user is a member of, for the user's data export: in the order they were made. */
export async function grantsForExport(db: Db, userId: number) {
  return db
    .selectFrom('project_grants as g')
    .innerJoin('projects as p', 'p.id', 'g.project_id')
    .innerJoin('memberships as m', (join) => join.onRef('m.project_id', '=', 'g.project_id').on('m.user_id', '=', userId))
    .select(['p.identifier', 'g.cluster', 'g.cpuh', 'g.gpuh', 'g.state', 'g.granted_at'])
    .orderBy('g.id')
    .execute();
}

