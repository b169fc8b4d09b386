/**
 * The only module that names the tables of lists/ (list_cache, list_row_changes, table_changes, table_versions): the questions its services, and
 * other rooms', ask of them. Joins may read other rooms' tables.
 */
import { sql } from 'kysely';
import type { Db } from '@/server/db/handle';

/** A committed change of the row change log: its id, its transaction and the rows it names (change-refs.ts). */
export interface ChangeRow {
  id: string;
  xid: string;
  refs: string[];
}

/** Deletes the row changes older than `keepMs`. */
export async function pruneRowChanges(db: Db, keepMs: number): Promise<void> {
  await sql`DELETE FROM list_row_changes WHERE at < now() - make_interval(secs => ${keepMs / 1000})`.execute(db);
}

/** Folds the previous release's change log (migration 0003) into its versions, as that release did. */
export async function foldOldChangeLog(db: Db): Promise<void> {
  await sql`
    WITH folded AS (DELETE FROM table_changes RETURNING name)
    UPDATE table_versions v SET version = v.version + f.n
      FROM (SELECT name, count(*) AS n FROM folded GROUP BY name) f
     WHERE v.name = f.name`.execute(db);
}

/**
 * The oldest transaction still running (the snapshot's xmin), and the changes committed since a
 * cursor (from its xmin on, except those it has seen), in order; none without a cursor.
 */
export async function changesSince(db: Db, cursor: { xmin: string; seen: ReadonlyMap<string, string> } | null): Promise<{ xmin: string; changes: ChangeRow[] }> {
  const { rows } = await sql<{ xmin: string; changes: ChangeRow[] }>`
    SELECT s.xmin::text AS xmin,
           coalesce((SELECT json_agg(json_build_object('id', c.id::text, 'xid', c.xid::text, 'refs', c.refs) ORDER BY c.id)
                       FROM list_row_changes c
                      WHERE ${cursor !== null} AND c.xid >= ${cursor?.xmin ?? '0'}::xid8
                        AND NOT (c.id::text = ANY(${cursor ? [...cursor.seen.keys()] : []}::text[]))), '[]'::json) AS changes
      FROM (SELECT pg_snapshot_xmin(pg_current_snapshot()) AS xmin) s`.execute(db);
  return rows[0];
}

/** The row change log's extent: how many rows, the lowest and highest id (text: bigint), as counted. */
export interface LogExtent {
  rows: number;
  lowest: string | null;
  highest: string | null;
}

/** The row change log's extent now. */
export async function changeLogExtent(db: Db): Promise<LogExtent> {
  const { rows } = await sql<LogExtent>`
    SELECT count(*)::int AS rows, min(id)::text AS lowest, max(id)::text AS highest FROM list_row_changes`.execute(db);
  return rows[0];
}

/** The refs of the logged changes with an id after `afterId` ('0': from the start), up to `upToId`. */
export async function refsLoggedBetween(db: Db, afterId: string, upToId: string): Promise<{ refs: string[] }[]> {
  const { rows } = await sql<{ refs: string[] }>`
    SELECT refs FROM list_row_changes WHERE id > ${afterId}::bigint AND id <= ${upToId}::bigint`.execute(db);
  return rows;
}
