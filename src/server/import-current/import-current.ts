/**
 * The import from the centre's current portal (docs/migration.md): every entity in turn, parents
 * before children, then the code counter, then the run's report kept in `import_runs`. Safe to run
 * again and again while the portal serves: unchanged rows cost a hash each, changed ones are
 * updated in place, and rows the source lost are reported and kept.
 */
import type { Kysely } from 'kysely';
import type { DatabaseHandle } from '@/server/db/handle';
import { schemaIdOf, type SchemaSet } from '@/schema-runtime';
import type { SourceDatabase } from './source-tables';
import { importEntity, type EntityImport, type ImportRun } from './engine';
import { type TargetTable } from '@/server/import-current/queries';
import { ENTITIES, emptyCounts, unacceptedRefusals, type EntityName, type ImportReport } from './report';
import { usersImport } from './users';
import { softwareImport } from './software';
import { continueCounter, projectsImport } from './projects';
import { membershipsImport } from './memberships';
import { keysImport } from './keys';
import { invitationsImport } from './invitations';
import { commentsImport, extensionsImport } from './project-notes';
import { continueSequences, idCollisions, sourceSequenceHighs, type SourceIds } from './kept-ids';
import { importApiKeys, readSourceApiKeys } from './api-keys';
import { recordImportRun, sourceLookup as lookup, sourceRows } from './queries';

export interface ImportOptions {
  dryRun?: boolean;
  /** Source rows (`{table, id}`) whose refusal the operator has accepted. */
  accept?: readonly { table: string; id: number }[];
  /** Rows done out of all rows of the source, as the run goes. */
  onProgress?: (done: number, total: number, entity: EntityName) => void;
  now?: Date;
}

/** Reads the source tables, each in source id order. */
async function readSource(source: Kysely<SourceDatabase>) {
  const all = <T extends keyof SourceDatabase>(table: T) => sourceRows(source, table);
  const [users, software, projects, memberships, keys, invitations, comments, extensions, states, types, roles] = await Promise.all([
    all('backend_user'),
    all('backend_sciencesoftware'),
    all('backend_project'),
    all('backend_userproject'),
    all('backend_sshpublickey'),
    all('backend_custominvitation'),
    all('backend_staffcomment'),
    all('backend_dateextend'),
    lookup(source, 'backend_state'),
    lookup(source, 'backend_projecttype'),
    lookup(source, 'backend_role'),
  ]);
  const apiKeys = await readSourceApiKeys(source);
  const sequences = await sourceSequenceHighs(source);
  return { users, software, projects, memberships, keys, invitations, comments, extensions, states, types, roles, apiKeys, sequences };
}

function finish(report: ImportReport, started: Date): ImportReport {
  const finished = new Date();
  report.finishedAt = finished.toISOString();
  report.seconds = (finished.getTime() - started.getTime()) / 1000;
  return report;
}

/**
 * Imports the current portal's database `source` into the portal's database `target`, every row
 * under its source id; refused whole, writing nothing, when rows here hold ids the source needs.
 * Nothing is written with `dryRun`; the report is the same.
 */
export async function importCurrent(target: DatabaseHandle, source: Kysely<SourceDatabase>, schemas: SchemaSet, options: ImportOptions = {}): Promise<ImportReport> {
  const started = new Date();
  const data = await readSource(source);
  const total = ENTITIES.reduce((sum, name) => sum + data[name].length, 0);
  const report: ImportReport = {
    dryRun: Boolean(options.dryRun),
    startedAt: started.toISOString(),
    finishedAt: '',
    seconds: 0,
    entities: Object.fromEntries(ENTITIES.map((name) => [name, emptyCounts()])) as ImportReport['entities'],
    changes: 0,
    refused: [],
    conflicts: [],
    removed: [],
    warnings: [],
    counter: { month: '', last: 0 },
    collisions: [],
    apiKeys: emptyCounts(),
  };
  const sourceIds = Object.fromEntries(ENTITIES.map((name) => [name, data[name].map((row) => Number(row.id))])) as SourceIds;
  report.collisions = await idCollisions(target, sourceIds, new Map(data.software.map((s) => [Number(s.id), s.name])));
  if (report.collisions.length) return finish(report, started);

  let current: EntityName = 'users';
  const run: ImportRun = {
    target,
    schemas,
    dryRun: Boolean(options.dryRun),
    report,
    ids: Object.fromEntries(ENTITIES.map((name) => [name, new Map()])) as ImportRun['ids'],
    missing: Object.fromEntries(ENTITIES.map((name) => [name, new Map()])) as ImportRun['missing'],
    progress: (done) => options.onProgress?.(done, total, current),
  };
  const timeZone = String(schemas.schema(schemaIdOf('rules/clusters')).accountingTimeZone ?? 'UTC');
  let done = 0;
  const step = async <S extends { id: number }, T extends TargetTable>(entity: EntityImport<S, T>) => {
    current = entity.name;
    done = await importEntity(run, entity, done);
  };
  await step(usersImport(run, data.users));
  await step(softwareImport(run, data.software));
  await step(projectsImport(run, data.projects, { states: data.states, types: data.types }));
  // A dry run invents no codes, so the codes it would bring count as planned ones.
  const planned = run.dryRun ? data.projects.filter((p) => (run.ids.projects.get(p.id) ?? 0) < 0).map((p) => p.identifier) : [];
  report.counter = await continueCounter(run, planned, options.now);
  await step(membershipsImport(run, data.memberships, data.roles));
  await step(keysImport(run, data.keys));
  await step(invitationsImport(run, data.invitations));
  await step(commentsImport(run, data.comments));
  await step(extensionsImport(run, data.extensions, timeZone));

  if (!run.dryRun) await continueSequences(target, sourceIds, data.sequences.highs);
  for (const table of data.sequences.unreadable)
    report.warnings.push({
      table,
      id: 0,
      reason: `its id sequence cannot be read (GRANT SELECT ON SEQUENCE to the import's role): ids here continue after the highest id present, so the id of a row deleted there could be given again`,
    });
  report.apiKeys = await importApiKeys(target, data.apiKeys, { dryRun: run.dryRun, now: options.now ?? new Date(), refused: report.refused, warnings: report.warnings });

  const accepted = new Set((options.accept ?? []).map((a) => `${a.table}/${a.id}`));
  for (const refusal of report.refused) if (accepted.has(`${refusal.table}/${refusal.id}`)) refusal.accepted = true;
  report.changes = ENTITIES.reduce((sum, name) => sum + report.entities[name].new + report.entities[name].changed, report.apiKeys.new + report.apiKeys.changed);
  finish(report, started);
  if (!run.dryRun)
    await recordImportRun(target, { started_at: started, changes: report.changes, refused: unacceptedRefusals(report).length, report: JSON.stringify(report) });
  return report;
}
