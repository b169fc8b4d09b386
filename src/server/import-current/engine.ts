/**
 * The steps every entity of the import goes through (docs/migration.md): read the source table,
 * compare each row's hash with the one it had when last imported (`import_map`), check and convert
 * only new and changed rows, then write them in batches — one transaction per batch, holding the
 * rows and their map entries together. A batch the database refuses is written again row by row,
 * so one bad row is reported and the rest of its batch still lands.
 */
import { createHash } from 'node:crypto';
import type { DatabaseHandle } from '@/server/db/handle';
import type { SchemaSet } from '@/schema-runtime';
import { SOURCE_TABLE, emptyCounts, type EntityName, type ImportReport, type RefusalKind } from './report';
import { importMapOf, insertImportedRows, updateImportedRow, upsertImportMap, type TargetTable, type TargetValues } from './queries';


/** A source row the entity will not bring in, and why. */
export interface Refused {
  refuse: RefusalKind;
  reason: string;
}

/** What a checked row becomes here: its column values, written over `adoptId` when set (an existing row, of the same id, taken over). */
export interface Converted<T extends TargetTable> {
  values: TargetValues<T>;
  adoptId?: number;
  /** Columns left as they are when a row imported before is updated. */
  keep?: readonly string[];
}

export const refuse = (refuse: RefusalKind, reason: string): Refused => ({ refuse, reason });
export const isRefused = (value: unknown): value is Refused => typeof value === 'object' && value !== null && 'refuse' in value;

/** What the run knows and has done so far, shared by the entities. */
export interface ImportRun {
  target: DatabaseHandle;
  schemas: SchemaSet;
  dryRun: boolean;
  report: ImportReport;
  /** Source id → id here, per entity: rows imported before and rows of this run (a dry run invents negative ids). */
  ids: Record<EntityName, Map<number, number>>;
  /** Source id → why that row is not here, per entity, for the orphans it leaves. */
  missing: Record<EntityName, Map<number, string>>;
  /** Called with rows done of the whole run. */
  progress(done: number): void;
}

/** One entity's import: its source rows and how each becomes a row here. */
export interface EntityImport<S extends { id: number }, T extends TargetTable> {
  name: EntityName;
  target: T;
  rows: S[];
  /**
   * Reads what the checks need from the database (only when some row is new or changed, so an
   * unchanged re-run skips it) and answers the check: it converts a new or changed row, `targetId`
   * being the row it became before (changed rows). Rows are converted in source id order, so a
   * check may remember what earlier rows claimed.
   */
  prepare(): Promise<Convert<S, T>> | Convert<S, T>;
}

export type Convert<S, T extends TargetTable> = (row: S, targetId: number | undefined) => Converted<T> | Refused;

const BATCH = 500;

export const rowHash = (row: unknown): string => createHash('sha1').update(JSON.stringify(row)).digest('base64');

/** A source row changed since it was imported, but its row here was deleted meanwhile: it is not brought back. */
class DeletedHere extends Error {
  constructor(readonly targetId: number) {
    super(`its row here (id ${targetId}) was deleted after it was imported; it changed in the source since, and is not brought back`);
  }
}

/** Why a database refused a row, in words an operator can act on. */
function databaseReason(error: unknown): string {
  if (error instanceof DeletedHere) return error.message;
  const e = error as { message?: string; detail?: string; constraint?: string };
  return `the database refused it: ${e.message ?? String(error)}${e.detail ? ` (${e.detail})` : ''}`;
}

interface Pending<T extends TargetTable> {
  sourceId: number;
  hash: string;
  /** The row here: imported before (changed) or taken over (adopted); undefined = insert. */
  targetId?: number;
  converted: Converted<T>;
}

/** Writes one batch in one transaction; answers the ids here of its rows. */
async function writeBatch<T extends TargetTable>(db: DatabaseHandle, entity: { name: EntityName; target: T }, batch: Pending<T>[]): Promise<number[]> {
  return db.transaction().execute(async (trx) => {
    // A new row keeps its source id (kept-ids.ts checked that none here holds it).
    const inserts = batch.filter((p) => p.targetId === undefined);
    if (inserts.length)
      await insertImportedRows(trx, entity.target, inserts.map((p) => ({ ...p.converted.values, id: p.sourceId })));
    const ids: number[] = [];
    for (const p of batch) {
      if (p.targetId === undefined) {
        ids.push(p.sourceId);
        continue;
      }
      const values: Record<string, unknown> = { ...p.converted.values };
      for (const column of p.converted.keep ?? []) delete values[column];
      if (!(await updateImportedRow(trx, entity.target, p.targetId, values))) throw new DeletedHere(p.targetId);
      ids.push(p.targetId);
    }
    await upsertImportMap(trx, SOURCE_TABLE[entity.name], batch.map((p, i) => ({ sourceId: p.sourceId, targetId: ids[i], hash: p.hash })));
    return ids;
  });
}

/**
 * Imports one entity: counts it, refuses what does not pass, writes what is new or changed, and
 * records the ids of what is here for the entities that follow.
 */
export async function importEntity<S extends { id: number }, T extends TargetTable>(run: ImportRun, entity: EntityImport<S, T>, doneBefore: number): Promise<number> {
  const table = SOURCE_TABLE[entity.name];
  const counts = (run.report.entities[entity.name] = emptyCounts());
  counts.source = entity.rows.length;
  const mapped = new Map<number, { targetId: number; hash: string }>();
  for (const m of await importMapOf(run.target, table))
    mapped.set(Number(m.source_id), { targetId: Number(m.target_id), hash: m.row_hash });

  const ids = run.ids[entity.name];
  const pending: Pending<T>[] = [];
  const seen = new Set<number>();
  const toCheck: { row: S; hash: string; before?: { targetId: number; hash: string } }[] = [];
  for (const row of entity.rows) {
    seen.add(row.id);
    const hash = rowHash(row);
    const before = mapped.get(row.id);
    if (before && before.hash === hash) {
      counts.unchanged++;
      ids.set(row.id, before.targetId);
    } else toCheck.push({ row, hash, before });
  }
  const convert = toCheck.length ? await entity.prepare() : undefined;
  for (const { row, hash, before } of toCheck) {
    const converted = convert!(row, before?.targetId);
    if (isRefused(converted)) {
      counts.refused++;
      run.report.refused.push({ table, id: row.id, kind: converted.refuse, reason: converted.reason });
      run.missing[entity.name].set(row.id, converted.reason);
      // A row imported before stays as it was imported; only its change is refused.
      if (before) ids.set(row.id, before.targetId);
      continue;
    }
    if (before) counts.changed++;
    else counts.new++;
    pending.push({ sourceId: row.id, hash, targetId: before?.targetId ?? converted.adoptId, converted });
  }
  for (const [sourceId, m] of mapped)
    if (!seen.has(sourceId)) {
      counts.removed++;
      run.report.removed.push({ table, id: sourceId, targetId: m.targetId });
      ids.set(sourceId, m.targetId);
    }
  let done = doneBefore + (entity.rows.length - pending.length);
  run.progress(done);

  for (let start = 0; start < pending.length; start += BATCH) {
    const batch = pending.slice(start, start + BATCH);
    if (run.dryRun) {
      for (const p of batch) ids.set(p.sourceId, p.targetId ?? -p.sourceId);
    } else {
      try {
        const written = await writeBatch(run.target, entity, batch);
        batch.forEach((p, i) => ids.set(p.sourceId, written[i]));
      } catch {
        // Find the rows the database refuses: each on its own, the others still land.
        for (const p of batch) {
          try {
            const [id] = await writeBatch(run.target, entity, [p]);
            ids.set(p.sourceId, id);
          } catch (error) {
            if (mapped.has(p.sourceId)) counts.changed--;
            else counts.new--;
            counts.refused++;
            const reason = databaseReason(error);
            run.report.refused.push({ table, id: p.sourceId, kind: error instanceof DeletedHere ? 'conflict' : 'invalid', reason });
            run.missing[entity.name].set(p.sourceId, reason);
            if (p.targetId !== undefined && mapped.has(p.sourceId)) ids.set(p.sourceId, p.targetId);
          }
        }
      }
    }
    done += batch.length;
    run.progress(done);
  }
  return done;
}

/** The reason a child row is an orphan: its parent `entity` row `id` is not here. */
export function orphanReason(run: ImportRun, entity: EntityName, id: number | null, what: string): string {
  if (id === null) return `it names no ${what}`;
  const why = run.missing[entity].get(id);
  return why ? `its ${what} ${id} is not imported (${why})` : `its ${what} ${id} is not in the source`;
}
