/**
 * Ids kept (docs/decisions/0590-imported-ids-and-keys-kept.md): every row the import writes gets the id its
 * source row has, because the clusters' provisioning derives Unix uids and gids from user and
 * project ids and keys its SSH-key cache by user id. Before anything is written the run looks for
 * rows here that hold an id a new source row needs; one such row refuses the whole run with a
 * report of every collision — nothing is renumbered. After the run each sequence continues after
 * the highest id of the table, of its source and of its source's own sequence, so a row made here
 * never takes an id the source has used, even for a row it deleted since.
 */
import { sql, type Kysely } from 'kysely';
import type { DatabaseHandle } from '@/server/db/handle';
import { ENTITIES, SOURCE_TABLE, type EntityName, type IdCollision } from './report';
import type { TargetTable } from '@/server/import-current/queries';
import type { SourceDatabase } from './source-tables';
import { softwareNames as softwareHere } from '../software/queries';
import { continueSequence, importMapOf, rowsHoldingIds, sourceSequenceHigh } from './queries';

/** The table here each entity writes. */
export const TARGET_TABLE: Record<EntityName, TargetTable> = {
  users: 'users',
  software: 'science_software',
  projects: 'projects',
  memberships: 'memberships',
  keys: 'ssh_keys',
  invitations: 'invites',
  comments: 'staff_comments',
  extensions: 'extensions',
};

/** How a row here is named in the collision report, by table. */
const DESCRIBE: Record<TargetTable, ReturnType<typeof sql<string>>> = {
  users: sql<string>`'user ' || username`,
  science_software: sql<string>`'modulefile ' || name`,
  projects: sql<string>`'project ' || identifier`,
  memberships: sql<string>`'membership of user ' || user_id || ' on project ' || project_id`,
  ssh_keys: sql<string>`'key ' || name || ' of user ' || user_id`,
  invites: sql<string>`'invitation of ' || email`,
  staff_comments: sql<string>`'staff comment on project ' || project_id`,
  extensions: sql<string>`'extension of project ' || project_id`,
};

export type SourceIds = Record<EntityName, number[]>;

/**
 * The rows here that stand in the way of keeping the source's ids: a row not brought by the import
 * that holds the id of a source row not imported yet, a row imported earlier under another id (by
 * an import that renumbered), and a modulefile listed here under another id than the source's.
 */
export async function idCollisions(db: DatabaseHandle, source: SourceIds, softwareNames: Map<number, string>): Promise<IdCollision[]> {
  const collisions: IdCollision[] = [];
  let importedSoftware = new Set<number>();
  for (const entity of ENTITIES) {
    const table = TARGET_TABLE[entity];
    const sourceTable = SOURCE_TABLE[entity];
    const mapped = await importMapOf(db, sourceTable);
    const imported = new Set<number>();
    for (const m of mapped) {
      imported.add(Number(m.target_id));
      if (Number(m.source_id) !== Number(m.target_id))
        collisions.push({ table, id: Number(m.target_id), sourceTable, sourceId: Number(m.source_id), here: 'imported earlier under another id' });
    }
    if (entity === 'software') importedSoftware = imported;
    const mappedSource = new Set(mapped.map((m) => Number(m.source_id)));
    const wanted = source[entity].filter((id) => !mappedSource.has(id));
    if (!wanted.length) continue;
    for (const row of await rowsHoldingIds(db, table, wanted, DESCRIBE[table])) {
      const id = Number(row.id);
      if (imported.has(id)) continue;
      // A modulefile listed here under the same id is the same software: it is taken over.
      if (entity === 'software' && row.here === `modulefile ${softwareNames.get(id)?.trim()}`) continue;
      collisions.push({ table, id, sourceTable, sourceId: id, here: row.here });
    }
  }
  const names = new Map([...softwareNames].map(([id, name]) => [name.trim(), id]));
  for (const row of await softwareHere(db)) {
    const sourceId = names.get(row.name);
    if (sourceId !== undefined && sourceId !== row.id && !importedSoftware.has(row.id) && !collisions.some((c) => c.table === 'science_software' && c.id === row.id))
      collisions.push({ table: 'science_software', id: row.id, sourceTable: SOURCE_TABLE.software, sourceId, here: `modulefile ${row.name}, which the source has under id ${sourceId}` });
  }
  return collisions;
}

/**
 * The highest id each source table's own sequence has handed out — rows the current portal made
 * and deleted included — and the tables whose sequence the import's role may not read (then only
 * the ids present count, and the report says so).
 */
export async function sourceSequenceHighs(source: Kysely<SourceDatabase>): Promise<{ highs: Partial<Record<EntityName, number>>; unreadable: string[] }> {
  const highs: Partial<Record<EntityName, number>> = {};
  const unreadable: string[] = [];
  for (const entity of ENTITIES) {
    const table = SOURCE_TABLE[entity];
    try {
      const high = await sourceSequenceHigh(source, table);
      if (high === null) continue;
      highs[entity] = high;
    } catch {
      unreadable.push(table);
    }
  }
  return { highs, unreadable };
}

/**
 * Moves each table's sequence past its highest id here, the highest id of its source, and the
 * highest its source's sequence handed out: an id the current portal gave a row it deleted since
 * (a uid a cluster may still hold) is never given again.
 */
export async function continueSequences(db: DatabaseHandle, source: SourceIds, sequenceHighs: Partial<Record<EntityName, number>> = {}): Promise<void> {
  for (const entity of ENTITIES) {
    const table = TARGET_TABLE[entity];
    const highestSource = source[entity].reduce((a, b) => Math.max(a, b), sequenceHighs[entity] ?? 0);
    await continueSequence(db, table, highestSource);
  }
}
