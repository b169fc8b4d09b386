/**
 * A paged list's size and the rows its layout shows, kept between page calls. Neither depends on
 * the filters, yet counting them reads the whole list (at 100,000 users, several times what a
 * filtered page costs with the trigram indexes): every keystroke in a filter would pay it again.
 * They change only when a row of the tables the lists read changes, and every such statement
 * appends to `list_row_changes` (migration 0017) — so the counts are kept while that log's extent
 * (how many rows, the lowest and highest id) is the same. A transaction committing late adds a row
 * and so changes the count of rows even below the highest id; pruning removes the lowest ones.
 * The counts are also recounted after `MAX_AGE_MS` whatever the log says.
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

/**
 * The counts of `key` (a grid), from `statement` when the change log has moved since they were
 * counted (or they are older than MAX_AGE_MS), else as kept.
 */
export function listCounts(db: Kysely<Database>): (key: string, statement: RawBuilder<ListCounts>) => Promise<ListCounts> {
  const kept = new Map<string, { log: string; at: number; counts: ListCounts }>();
  return async (key, statement) => {
    const { rows } = await sql<{ log: string }>`SELECT concat_ws(':', count(*), min(id), max(id)) AS log FROM list_row_changes`.execute(db);
    const log = rows[0].log;
    const held = kept.get(key);
    if (held && held.log === log && Date.now() - held.at < MAX_AGE_MS) return held.counts;
    const at = Date.now();
    const counts = (await statement.execute(db)).rows[0];
    kept.set(key, { log, at, counts });
    return counts;
  };
}
