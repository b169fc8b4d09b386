/**
 * A paged list's size and the rows its layout shows, kept between page calls. Neither depends on
 * the filters, yet counting them reads the whole list (at 100,000 users, several times what a
 * filtered page costs with the trigram indexes): every keystroke in a filter would pay it again.
 * They change only when a row of the tables the lists read changes, and every such statement
 * appends to `list_row_changes` (migration 0017) — so the counts are kept while that log's extent
 * (how many rows, the lowest and highest id) is the same. A transaction committing late adds a row
 * and so changes the count of rows even below the highest id; pruning removes the lowest ones.
 * The counts are also recounted after `MAX_AGE_MS` whatever the log says.
 *
 * A list can say which changes can move its counts (`movedBy`: the active users' only a project's or
 * a membership's, never a user's name). When the log has only grown past the last row the counts
 * saw, by exactly the rows found there, and none of those names such a change, the counts are kept
 * too; anything else (a pruned log, a transaction that committed below that row) counts again.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../db/tables';

/** The filter-free counts of a page (api/grid-page.json's `total`, and the list's size for `paged`). */
export interface ListCounts {
  size: number;
  total: number;
}

/** Kept counts are recounted after this long even when the change log looks the same. */
const MAX_AGE_MS = 30_000;

/** The change log's extent: how many rows, the lowest and highest id (text: bigint), as counted. */
interface LogExtent {
  rows: number;
  lowest: string | null;
  highest: string | null;
}

/**
 * The counts of `key` (a grid), from `statement` when the change log has moved since they were
 * counted (or they are older than MAX_AGE_MS), else as kept; `movedBy` says whether a logged
 * change (its refs, migration 0017) can move them, when the list knows.
 */
export function listCounts(
  db: Kysely<Database>,
): (key: string, statement: RawBuilder<ListCounts>, movedBy?: (refs: readonly string[]) => boolean) => Promise<ListCounts> {
  const kept = new Map<string, { log: LogExtent; at: number; counts: ListCounts }>();
  const same = (a: LogExtent, b: LogExtent) => a.rows === b.rows && a.lowest === b.lowest && a.highest === b.highest;

  /** Whether the log grew from `before` to `now` only by rows that cannot move the counts. */
  async function onlyUnrelatedSince(before: LogExtent, now: LogExtent, movedBy: (refs: readonly string[]) => boolean): Promise<boolean> {
    if (before.lowest !== now.lowest || now.highest === null) return false;
    const { rows } = await sql<{ refs: string[] }>`
      SELECT refs FROM list_row_changes WHERE id > ${before.highest ?? '0'}::bigint AND id <= ${now.highest}::bigint`.execute(db);
    return rows.length === now.rows - before.rows && !rows.some((row) => movedBy(row.refs));
  }

  return async (key, statement, movedBy) => {
    const { rows } = await sql<LogExtent>`
      SELECT count(*)::int AS rows, min(id)::text AS lowest, max(id)::text AS highest FROM list_row_changes`.execute(db);
    const log = rows[0];
    const held = kept.get(key);
    const fresh = held !== undefined && Date.now() - held.at < MAX_AGE_MS;
    if (held && fresh && same(held.log, log)) return held.counts;
    if (held && fresh && movedBy && (await onlyUnrelatedSince(held.log, log, movedBy))) {
      kept.set(key, { ...held, log });
      return held.counts;
    }
    const at = Date.now();
    const counts = (await statement.execute(db)).rows[0];
    kept.set(key, { log, at, counts });
    return counts;
  };
}
