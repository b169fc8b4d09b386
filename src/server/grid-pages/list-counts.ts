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
 *
 * A filter's count is kept the same way, by the grid and the filter's values (`grid-page.ts`):
 * paging through a filtered list, or sorting it, counts the filter once. Those are the most kept,
 * `MAX_KEPT` in all, the least recently used forgotten first.
 */
import type { RawBuilder } from 'kysely';
import type { DatabaseHandle } from '@/server/db/handle';
import { changeLogExtent, refsLoggedBetween, type LogExtent } from '../lists/queries';


/** The filter-free counts of a page (api/grid-page.json's `total`, and the list's size for `paged`). */
export interface ListCounts {
  size: number;
  total: number;
}

/** Kept counts are recounted after this long even when the change log looks the same. */
const MAX_AGE_MS = 30_000;
/** How many counts are kept at most (each grid's, and each filter's that was asked for lately). */
const MAX_KEPT = 500;

/** Kept counts: the change log read once per page call, then each of its counts by that reading. */
export interface KeptCounts {
  /** The change log's extent now. */
  readLog(): Promise<LogExtent>;
  /**
   * The counts of `key` (a grid, or a grid's filter), from `statement` when the change log (`log`,
   * as read for this call) has moved since they were counted (or they are older than MAX_AGE_MS),
   * else as kept; `movedBy` says whether a logged change (its refs, migration 0017) can move them,
   * when the list knows.
   */
  counts<T extends object>(log: LogExtent, key: string, statement: RawBuilder<T>, movedBy?: (refs: readonly string[]) => boolean): Promise<T>;
}

export function listCounts(db: DatabaseHandle): KeptCounts {
  const kept = new Map<string, { log: LogExtent; at: number; counts: object }>();
  /** Keeps `entry` as the most recently used, forgetting the least recently used beyond MAX_KEPT. */
  const keep = (key: string, entry: { log: LogExtent; at: number; counts: object }) => {
    kept.delete(key);
    kept.set(key, entry);
    for (const oldest of kept.keys()) {
      if (kept.size <= MAX_KEPT) break;
      kept.delete(oldest);
    }
  };
  const same = (a: LogExtent, b: LogExtent) => a.rows === b.rows && a.lowest === b.lowest && a.highest === b.highest;

  /** Whether the log grew from `before` to `now` only by rows that cannot move the counts. */
  async function onlyUnrelatedSince(before: LogExtent, now: LogExtent, movedBy: (refs: readonly string[]) => boolean): Promise<boolean> {
    if (before.lowest !== now.lowest || now.highest === null) return false;
    const rows = await refsLoggedBetween(db, before.highest ?? '0', now.highest);
    return rows.length === now.rows - before.rows && !rows.some((row) => movedBy(row.refs));
  }

  async function readLog(): Promise<LogExtent> {
    return changeLogExtent(db);
  }

  async function counts<T extends object>(log: LogExtent, key: string, statement: RawBuilder<T>, movedBy?: (refs: readonly string[]) => boolean): Promise<T> {
    const held = kept.get(key);
    const fresh = held !== undefined && Date.now() - held.at < MAX_AGE_MS;
    if (held && fresh && same(held.log, log)) {
      keep(key, held);
      return held.counts as T;
    }
    if (held && fresh && movedBy && (await onlyUnrelatedSince(held.log, log, movedBy))) {
      keep(key, { ...held, log });
      return held.counts as T;
    }
    const at = Date.now();
    const counted = (await statement.execute(db)).rows[0];
    keep(key, { log, at, counts: counted });
    return counted;
  }

  return { readLog, counts };
}
