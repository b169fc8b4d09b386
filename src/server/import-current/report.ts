/**
 * What an import run found and did, as the operator reads it (printed) and keeps it (`--report
 * FILE.json`, and `import_runs`): per entity the counts, then every refused row with its source
 * table, id and reason, the conflicts, the rows the source no longer has, and warnings.
 */

/** The entities the import brings across, in the order it brings them. */
export const ENTITIES = ['users', 'software', 'projects', 'memberships', 'keys', 'invitations', 'comments', 'extensions'] as const;
export type EntityName = (typeof ENTITIES)[number];

/** The current portal's table each entity comes from. */
export const SOURCE_TABLE: Record<EntityName, string> = {
  users: 'backend_user',
  software: 'backend_sciencesoftware',
  projects: 'backend_project',
  memberships: 'backend_userproject',
  keys: 'backend_sshpublickey',
  invitations: 'backend_custominvitation',
  comments: 'backend_staffcomment',
  extensions: 'backend_dateextend',
};

export interface EntityCounts {
  /** Rows in the source. */
  source: number;
  /** Rows brought in for the first time. */
  new: number;
  /** Rows brought in before whose source row has changed since (updated here). */
  changed: number;
  /** Rows brought in before and unchanged in the source. */
  unchanged: number;
  /** Rows not brought in (invalid, orphaned or in conflict). */
  refused: number;
  /** Rows brought in before that the source no longer has (kept here). */
  removed: number;
}

/** Why a source row was not brought in. */
export type RefusalKind = 'invalid' | 'orphan' | 'conflict';

/** A source row and what is wrong with it. */
export interface RowNote {
  table: string;
  id: number;
  reason: string;
}

export interface Refusal extends RowNote {
  kind: RefusalKind;
  /** An operator listed it in `--accept`. */
  accepted?: boolean;
}

/** Two or more source rows (or a source row and a row here) that claim one value. */
export interface Conflict {
  /** What they share: 'national id', 'cluster login', 'e-mail', 'username', 'project code', … */
  what: string;
  value: string;
  table: string;
  /** The source ids involved, first claimant first. */
  ids: number[];
  /** Whether the later rows were refused ('refused') or imported all the same ('imported'). */
  outcome: 'refused' | 'imported';
}

export interface RemovedRow {
  table: string;
  id: number;
  targetId: number;
}

/** A row here that holds an id a source row needs (services/import-current/kept-ids.ts): the run writes nothing. */
export interface IdCollision {
  /** The table here and the row's id. */
  table: string;
  id: number;
  /** The source row that needs that id (or was imported earlier under another id). */
  sourceTable: string;
  sourceId: number;
  /** What the row here is, in words. */
  here: string;
}

export interface ImportReport {
  dryRun: boolean;
  startedAt: string;
  finishedAt: string;
  seconds: number;
  entities: Record<EntityName, EntityCounts>;
  /** Rows written here (new + changed) in all entities; 0 means the source was unchanged. */
  changes: number;
  refused: Refusal[];
  conflicts: Conflict[];
  removed: RemovedRow[];
  warnings: RowNote[];
  /** The project code counter after the run: the next code of this month continues after this number. */
  counter: { month: string; last: number };
  /** Rows here holding ids the source's rows need; when any, the run wrote nothing. */
  collisions: IdCollision[];
  /** The machine clients' API keys (matched by prefix, not by id: api-keys.ts). */
  apiKeys: EntityCounts;
}

export const emptyCounts = (): EntityCounts => ({ source: 0, new: 0, changed: 0, unchanged: 0, refused: 0, removed: 0 });

/** Refusals an operator has not accepted: what makes the run's exit code 1. */
export const unacceptedRefusals = (report: ImportReport): Refusal[] => report.refused.filter((r) => !r.accepted);

/** The report in lines for a terminal: counts per entity, then each kind of finding (the first `limit` of each). */
export function reportLines(report: ImportReport, limit = 30): string[] {
  const pad = (text: string | number, width: number) => String(text).padStart(width);
  if (report.collisions.length) {
    const lines = [
      `Refused: ${report.collisions.length === 1 ? '1 row here holds an id that a row of the current portal needs' : `${report.collisions.length} rows here hold ids that rows of the current portal need`}, and ids are kept (the clusters derive uids and gids from them). Nothing was written.`,
      'Import into a portal database that holds no rows of its own, or remove these rows first (docs/migration.md):',
    ];
    for (const c of report.collisions.slice(0, limit)) lines.push(`  ${c.table} ${c.id}: ${c.here} — needed by ${c.sourceTable} ${c.sourceId}`);
    if (report.collisions.length > limit) lines.push(`  … and ${report.collisions.length - limit} more (see the JSON report)`);
    return lines;
  }
  const lines = [
    `${report.dryRun ? 'Dry run (nothing written)' : 'Import'} finished in ${report.seconds.toFixed(1)} s.`,
    `${'entity'.padEnd(12)}${pad('source', 9)}${pad('new', 8)}${pad('changed', 9)}${pad('same', 8)}${pad('refused', 9)}${pad('removed', 9)}`,
  ];
  const row = (name: string, c: EntityCounts) =>
    lines.push(`${name.padEnd(12)}${pad(c.source, 9)}${pad(c.new, 8)}${pad(c.changed, 9)}${pad(c.unchanged, 8)}${pad(c.refused, 9)}${pad(c.removed, 9)}`);
  for (const name of ENTITIES) row(name, report.entities[name]);
  row('api keys', report.apiKeys);
  lines.push(
    report.changes === 0
      ? 'No changes: everything in the source is already here as it is there.'
      : `${report.changes} rows ${report.dryRun ? 'would be' : 'were'} written.`,
  );
  lines.push(`Project codes of ${report.counter.month} continue after number ${report.counter.last}.`);
  const section = <T>(title: string, items: T[], line: (item: T) => string) => {
    if (!items.length) return;
    lines.push('', `${title} (${items.length}):`);
    for (const item of items.slice(0, limit)) lines.push(`  ${line(item)}`);
    if (items.length > limit) lines.push(`  … and ${items.length - limit} more (see the JSON report)`);
  };
  const byKind = (kind: RefusalKind) => report.refused.filter((r) => r.kind === kind);
  const refusal = (r: Refusal) => `${r.table} ${r.id}: ${r.reason}${r.accepted ? ' (accepted)' : ''}`;
  section('Refused, invalid', byKind('invalid'), refusal);
  section('Refused, orphans', byKind('orphan'), refusal);
  section('Refused, conflicts', byKind('conflict'), refusal);
  section('Conflicts', report.conflicts, (c) => `${c.what} "${c.value}" in ${c.table} ${c.ids.join(', ')} (${c.outcome === 'refused' ? 'later rows refused' : 'all imported'})`);
  section('Removed from the source (kept here)', report.removed, (r) => `${r.table} ${r.id} (here ${r.targetId})`);
  section('Warnings', report.warnings, (w) => `${w.table} ${w.id}: ${w.reason}`);
  return lines;
}
