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
}

export const emptyCounts = (): EntityCounts => ({ source: 0, new: 0, changed: 0, unchanged: 0, refused: 0, removed: 0 });

/** Refusals an operator has not accepted: what makes the run's exit code 1. */
export const unacceptedRefusals = (report: ImportReport): Refusal[] => report.refused.filter((r) => !r.accepted);

/** The report in lines for a terminal: counts per entity, then each kind of finding (the first `limit` of each). */
export function reportLines(report: ImportReport, limit = 30): string[] {
  const pad = (text: string | number, width: number) => String(text).padStart(width);
  const lines = [
    `${report.dryRun ? 'Dry run (nothing written)' : 'Import'} finished in ${report.seconds.toFixed(1)} s.`,
    `${'entity'.padEnd(12)}${pad('source', 9)}${pad('new', 8)}${pad('changed', 9)}${pad('same', 8)}${pad('refused', 9)}${pad('removed', 9)}`,
  ];
  for (const name of ENTITIES) {
    const c = report.entities[name];
    lines.push(`${name.padEnd(12)}${pad(c.source, 9)}${pad(c.new, 8)}${pad(c.changed, 9)}${pad(c.unchanged, 8)}${pad(c.refused, 9)}${pad(c.removed, 9)}`);
  }
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
