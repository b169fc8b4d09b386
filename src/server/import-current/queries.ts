/**
 * The only module that names the tables of import-current/ (import_map, import_runs, and the current portal's tables it reads): the questions its services, and
 * other rooms', ask of them. Joins may read other rooms' tables.
 */
import { sql, type Insertable, type Kysely, type RawBuilder, type Selectable, type Transaction } from 'kysely';
import type { Db, Trx } from '@/server/db/handle';
import type { Database } from '@/server/db/tables';
import type { SourceApiKey, SourceDatabase } from './source-tables';

/** The tables rows are written to, each with a bigserial `id`. */
export type TargetTable = 'users' | 'science_software' | 'projects' | 'memberships' | 'ssh_keys' | 'invites' | 'staff_comments' | 'extensions';

/** The column values of a row of a target table, as an entity converts a source row. */
export type TargetValues<T extends TargetTable> = Insertable<Database[T]>;

/** What the import map holds of one source table: each imported source id, the id it has here and the hash it had. */
export async function importMapOf(db: Db, sourceTable: string): Promise<{ source_id: number | string; target_id: number | string; row_hash: string }[]> {
  return db.selectFrom('import_map').select(['source_id', 'target_id', 'row_hash']).where('source_table', '=', sourceTable).execute();
}

/** Records (or moves) the map entries of rows written, stamped now. */
export async function upsertImportMap(trx: Trx, sourceTable: string, entries: readonly { sourceId: number; targetId: number; hash: string }[]): Promise<void> {
  if (!entries.length) return;
  await trx
    .insertInto('import_map')
    .values(entries.map((e) => ({ source_table: sourceTable, source_id: e.sourceId, target_id: e.targetId, row_hash: e.hash })))
    .onConflict((oc) =>
      oc.columns(['source_table', 'source_id']).doUpdateSet((eb) => ({
        target_id: eb.ref('excluded.target_id'),
        row_hash: eb.ref('excluded.row_hash'),
        imported_at: sql<Date>`now()`,
      })),
    )
    .execute();
}

/** Inserts converted rows into a target table, each with its own (kept) id. */
export async function insertImportedRows(trx: Trx, table: TargetTable, rows: readonly Record<string, unknown>[]): Promise<void> {
  // One code path for every target table: the rows were typed where they were converted.
  const loose = trx as unknown as Transaction<any>;
  await loose.insertInto(table as string).values(rows).execute();
}

/** Writes converted values over row `id` of a target table; answers whether the row was there. */
export async function updateImportedRow(trx: Trx, table: TargetTable, id: number, values: Record<string, unknown>): Promise<boolean> {
  const loose = trx as unknown as Transaction<any>;
  const updated = await loose
    .updateTable(table as string)
    .set(values)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) > 0;
}

/** The rows of a target table that hold one of `ids`, by id, each with how the report names it (`describe`, over the table's columns). */
export async function rowsHoldingIds(db: Db, table: TargetTable, ids: readonly number[], describe: RawBuilder<string>): Promise<{ id: number | string; here: string }[]> {
  const loose = db as unknown as Kysely<any>;
  const taken = await loose
    .selectFrom(table)
    .select(['id', describe.as('here')])
    // One array parameter: a source of 100,000 rows would pass PostgreSQL's 65,535 parameters as a list.
    .where(sql<boolean>`id = ANY(${ids}::int8[])`)
    .orderBy('id')
    .execute();
  return taken as { id: number | string; here: string }[];
}

/** Moves a target table's sequence past its highest id here and `highestSource`. */
export async function continueSequence(db: Db, table: TargetTable, highestSource: number): Promise<void> {
  await sql`SELECT setval(${`${table}_id_seq`}, GREATEST((SELECT coalesce(max(id), 0) FROM ${sql.table(table)}), ${highestSource}, 1),
      GREATEST((SELECT coalesce(max(id), 0) FROM ${sql.table(table)}), ${highestSource}) > 0)`.execute(db);
}

/** Records a finished run and its report. */
export async function recordImportRun(db: Db, run: { started_at: Date; changes: number; refused: number; report: string }): Promise<void> {
  await db.insertInto('import_runs').values(run).execute();
}

/** A vocabulary of the source (states, project types, roles): id → name. */
export async function sourceLookup(source: Kysely<SourceDatabase>, table: 'backend_state' | 'backend_projecttype' | 'backend_role'): Promise<Map<number, string>> {
  const rows = await source.selectFrom(table).select(['id', 'name']).execute();
  return new Map(rows.map((r) => [Number(r.id), r.name]));
}

/** Every row of a source table, in source id order. */
export async function sourceRows<T extends keyof SourceDatabase>(source: Kysely<SourceDatabase>, table: T): Promise<Selectable<SourceDatabase[T]>[]> {
  const loose = source as unknown as Kysely<any>;
  return loose.selectFrom(table).selectAll().orderBy('id').execute() as Promise<Selectable<SourceDatabase[T]>[]>;
}

/** Whether the source database has the table `public.<table>`. */
export async function sourceHasTable(source: Kysely<SourceDatabase>, table: string): Promise<boolean> {
  const { rows } = await sql<{ present: boolean }>`SELECT to_regclass(${`public.${table}`}) IS NOT NULL AS present`.execute(source);
  return rows[0]?.present === true;
}

/** The source's API keys, in prefix order. */
export async function sourceApiKeys(source: Kysely<SourceDatabase>): Promise<Selectable<SourceApiKey>[]> {
  return source.selectFrom('rest_framework_api_key_apikey').selectAll().orderBy('prefix').execute();
}

/**
 * The highest id a source table's own sequence has handed out (deleted rows included), or null
 * when the table has no sequence.
 *
 * @throws the database's error when the import's role may not read the sequence
 */
export async function sourceSequenceHigh(source: Kysely<SourceDatabase>, table: string): Promise<number | null> {
  const { rows } = await sql<{ seq: string | null }>`SELECT pg_get_serial_sequence(${`public.${table}`}, 'id') AS seq`.execute(source);
  const seq = rows[0]?.seq;
  if (!seq) return null;
  const read = await sql<{ high: string | number }>`SELECT CASE WHEN is_called THEN last_value ELSE last_value - 1 END AS high FROM ${sql.table(seq)}`.execute(source);
  return Number(read.rows[0]?.high ?? 0);
}
