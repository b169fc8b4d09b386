/**
 * The project questions of the project codes (the monthly counter and the codes already given), beside projects/queries.ts: the same tables, split off by
 * topic to keep each file short.
 */
import { sql } from 'kysely';
import type { Db } from '@/server/db/handle';

/** The single row of `project_counter`. */
const COUNTER_ROW = 1;

/**
 * Counts one more project code in `month` (yyyy-MM) and answers the count; a new month restarts
 * at 1. One UPDATE inside the caller's transaction: the row lock it takes is held until that
 * transaction ends, so concurrent submissions queue on it and never see the same number, and a
 * submission that rolls back gives its number back.
 */
export async function countProjectCode(db: Db, month: string): Promise<number> {
  const updated = await db
    .updateTable('project_counter')
    .set({
      counter: sql<number>`CASE WHEN month = ${month} THEN counter + 1 ELSE 1 END`,
      month,
    })
    .where('id', '=', COUNTER_ROW)
    .returning('counter')
    .executeTakeFirst();
  if (updated) return updated.counter;
  // A database whose counter row was removed: recreate it; a concurrent creator wins the
  // conflict and this call counts on from its value.
  const created = await db
    .insertInto('project_counter')
    .values({ id: COUNTER_ROW, counter: 1, month })
    .onConflict((oc) =>
      oc.column('id').doUpdateSet({ counter: sql<number>`CASE WHEN project_counter.month = ${month} THEN project_counter.counter + 1 ELSE 1 END`, month }),
    )
    .returning('counter')
    .executeTakeFirstOrThrow();
  return created.counter;
}

/** The code counter: its count and the month it counts. */
export async function projectCounter(db: Db): Promise<{ counter: number; month: string } | undefined> {
  return db.selectFrom('project_counter').select(['counter', 'month']).where('id', '=', COUNTER_ROW).executeTakeFirst();
}

/** Moves the code counter of `month` up to `last`, never back. */
export async function raiseProjectCounter(db: Db, month: string, last: number): Promise<void> {
  await db
    .insertInto('project_counter')
    .values({ id: COUNTER_ROW, counter: last, month })
    .onConflict((oc) => oc.column('id').doUpdateSet({ counter: sql<number>`GREATEST(CASE WHEN project_counter.month = ${month} THEN project_counter.counter ELSE 0 END, ${last})`, month }))
    .execute();
}

/** Sets the code counter to `counter` codes of `month`. */
export async function setProjectCounter(db: Db, month: string, counter: number): Promise<void> {
  await db
    .insertInto('project_counter')
    .values({ id: COUNTER_ROW, counter, month })
    .onConflict((oc) => oc.column('id').doUpdateSet({ counter, month }))
    .execute();
}

/** Every project's id, code and registry project id. */
export async function projectCodes(db: Db): Promise<{ id: number; identifier: string; croris_id: number | null }[]> {
  return db.selectFrom('projects').select(['id', 'identifier', 'croris_id']).execute();
}

/** The codes of `month` (yyyy-MM): those with `-<month>-` in them. */
export async function projectCodesOfMonth(db: Db, month: string): Promise<string[]> {
  return (await db.selectFrom('projects').select('identifier').where('identifier', 'like', `%-${month}-%`).execute()).map((p) => p.identifier);
}

