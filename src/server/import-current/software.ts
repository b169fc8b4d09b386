/**
 * The installed-software list of the current portal (`backend_sciencesoftware`) → `science_software`.
 * A modulefile already listed here under the source row's id is taken over rather than refused:
 * it is the same software, and the source's date and "added by" are kept (under another id it
 * is an id collision, kept-ids.ts).
 */
import type { Selectable } from 'kysely';
import type { Convert, ImportRun, EntityImport } from './engine';
import { refuse } from './engine';
import { schemaProblems } from './checks';
import { schemaIdOf } from '@/schema-runtime';
import type { SourceScienceSoftware } from './source-tables';
import { softwareNames } from '../software/queries';

type Row = Selectable<SourceScienceSoftware>;

export function softwareImport(run: ImportRun, rows: Row[]): EntityImport<Row, 'science_software'> {
  return { name: 'software', target: 'science_software', rows, prepare: () => softwareCheck(run) };
}

/** Reads what the checks of new and changed rows need, and answers the check. */
async function softwareCheck(run: ImportRun): Promise<Convert<Row, 'science_software'>> {
  const here = await softwareNames(run.target);
  const byName = new Map(here.map((s) => [s.name, s.id]));
  const claimed = new Map<string, number>();
  const nameSchema = `${schemaIdOf('api/software-new')}#/properties/newAppModuleName`;
  return (row, targetId) => {
    const name = row.name.trim();
    const problems = schemaProblems(run.schemas, nameSchema, name);
    if (problems) return refuse('invalid', `modulefile "${row.name}": ${problems}`);
    const first = claimed.get(name);
    if (first !== undefined) {
      run.report.conflicts.push({ what: 'modulefile', value: name, table: 'backend_sciencesoftware', ids: [first, row.id], outcome: 'refused' });
      return refuse('conflict', `modulefile ${name} is already source row ${first}`);
    }
    claimed.set(name, row.id);
    // Listed here under the same id (kept-ids.ts refuses the run when the ids differ).
    const existing = byName.get(name);
    return {
      values: { name, added_by: row.added_by === null ? null : JSON.stringify(row.added_by), ...(row.created ? { created: row.created } : {}) },
      adoptId: targetId === undefined && existing === row.id ? existing : undefined,
    };
  };
}
