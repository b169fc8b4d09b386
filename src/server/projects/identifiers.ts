import { format } from 'date-fns';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '@/server/db/tables';

/** The single row of `project_counter`. */
const COUNTER_ROW = 1;
/** Identifiers number requests per month with at least this many digits (`NR-2026-03-007`). */
const NUMBER_DIGITS = 3;

/**
 * The next project identifier `<PREFIX>-<YYYY>-<MM>-<NNN>` for a request submitted at `now`.
 *
 * The counter row is incremented with one UPDATE inside the submitting transaction: the row lock
 * it takes is held until that transaction ends, so concurrent submissions (from any number of app
 * processes) queue on it and never see the same number, and a submission that rolls back gives
 * its number back. A new month restarts the count at 1 by itself, so no reset job is needed.
 * Past 999 the number simply grows (`-1000`).
 *
 * @param trx the transaction that inserts the project
 * @param prefix the request type's `identifierPrefix` from requests/index.json
 * @param now the submission moment; its local month names the identifier
 */
export async function nextIdentifier(trx: Transaction<Database> | Kysely<Database>, prefix: string, now: Date): Promise<string> {
  const month = format(now, 'yyyy-MM');
  const updated = await trx
    .updateTable('project_counter')
    .set({
      counter: sql<number>`CASE WHEN month = ${month} THEN counter + 1 ELSE 1 END`,
      month,
    })
    .where('id', '=', COUNTER_ROW)
    .returning('counter')
    .executeTakeFirst();
  let counter = updated?.counter;
  if (counter === undefined) {
    // A database whose counter row was removed: recreate it; a concurrent creator wins the
    // conflict and this call counts on from its value.
    const created = await trx
      .insertInto('project_counter')
      .values({ id: COUNTER_ROW, counter: 1, month })
      .onConflict((oc) =>
        oc.column('id').doUpdateSet({ counter: sql<number>`CASE WHEN project_counter.month = ${month} THEN project_counter.counter + 1 ELSE 1 END`, month }),
      )
      .returning('counter')
      .executeTakeFirstOrThrow();
    counter = created.counter;
  }
  return `${prefix}-${month}-${String(counter).padStart(NUMBER_DIGITS, '0')}`;
}
