/**
 * The only module that names the tables of extensions/ (extensions): the questions its services, and
 * other rooms', ask of them. Joins may read other rooms' tables.
 */
import type { Insertable } from 'kysely';
import type { Db } from '@/server/db/handle';
import type { ExtensionsTable } from '@/server/db/tables';

/** Extensions of the given projects (all of them when `projectIds` is undefined), oldest first. */
export async function extensionsOf(db: Db, projectIds?: readonly number[]) {
  if (projectIds && projectIds.length === 0) return [];
  return db
    .selectFrom('extensions')
    .select(['id', 'project_id', 'approved', 'date_end', 'reason', 'date_submitted'])
    .$if(projectIds !== undefined, (q) => q.where('project_id', 'in', [...projectIds!]))
    .orderBy('date_submitted')
    .orderBy('id')
    .execute();
}

/** Files a lead's extension request, not yet approved. */
export async function addExtensionRequest(db: Db, request: { projectId: number; reason: string; dateEnd: string }) {
  return db
    .insertInto('extensions')
    .values({ project_id: request.projectId, reason: request.reason, date_end: request.dateEnd, approved: false })
    .returning(['id', 'project_id', 'approved', 'date_end', 'reason', 'date_submitted'])
    .executeTakeFirstOrThrow();
}

/** The project's newest extension request no one has processed yet, if any. */
export async function pendingExtensionOf(db: Db, projectId: number): Promise<{ id: number; date_end: string } | undefined> {
  return db
    .selectFrom('extensions')
    .select(['id', 'date_end'])
    .where('project_id', '=', projectId)
    .where('approved', '=', false)
    .where('processed_by', 'is', null)
    .orderBy('date_submitted', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

/** Records the staff's answer to an extension request: approved or not, by whom (person-ref JSON), when. */
export async function answerExtension(db: Db, id: number, answer: { approved: boolean; processedBy: string; at: Date }): Promise<void> {
  await db
    .updateTable('extensions')
    .set({ approved: answer.approved, processed_by: answer.processedBy, date_processed: answer.at })
    .where('id', '=', id)
    .execute();
}

/** Stores an extension request as given, answered or not (the demo's). */
export async function addExtension(db: Db, extension: Insertable<ExtensionsTable>): Promise<void> {
  await db.insertInto('extensions').values(extension).execute();
}

/** A project's extension requests with their outcome, for its timeline (in no particular order). */
export async function extensionHistoryOf(db: Db, projectId: number) {
  return db
    .selectFrom('extensions')
    .select(['reason', 'date_end', 'approved', 'date_submitted', 'processed_by', 'date_processed'])
    .where('project_id', '=', projectId)
    .execute();
}

/** An extension request as `extensionsOf` reads it. */
export type ExtensionRow = Awaited<ReturnType<typeof extensionsOf>>[number];
