/**
 * What staff wrote on projects in the current portal: comments (`backend_staffcomment` →
 * `staff_comments`) and extensions (`backend_dateextend` → `extensions`, as processed extensions:
 * the current portal's extension rows record an extension staff granted, to the date given).
 */
import type { Selectable } from 'kysely';
import type { ImportRun, EntityImport } from './engine';
import { orphanReason, refuse } from './engine';
import type { SourceDateExtend, SourceStaffComment } from './source-tables';

const json = (value: unknown): string | null => (value === null || value === undefined ? null : JSON.stringify(value));

/** The calendar day of a moment in the centre's time zone (where the current portal ran). */
const dayOf = (moment: Date, timeZone: string): string =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(moment);

export function commentsImport(run: ImportRun, rows: Selectable<SourceStaffComment>[]): EntityImport<Selectable<SourceStaffComment>, 'staff_comments'> {
  return {
    name: 'comments',
    target: 'staff_comments',
    rows,
    prepare: () => (row) => {
      const project = row.project_id === null ? undefined : run.ids.projects.get(row.project_id);
      if (project === undefined) return refuse('orphan', orphanReason(run, 'projects', row.project_id, 'project'));
      if (!row.project_state) return refuse('invalid', 'it names no project state');
      return {
        values: { project_id: project, comment: row.comment, comment_by: json(row.comment_by), project_state: row.project_state, ...(row.date ? { date: row.date } : {}) },
      };
    },
  };
}

export function extensionsImport(run: ImportRun, rows: Selectable<SourceDateExtend>[], timeZone: string): EntityImport<Selectable<SourceDateExtend>, 'extensions'> {
  return {
    name: 'extensions',
    target: 'extensions',
    rows,
    prepare: () => (row) => {
      const project = row.project_id === null ? undefined : run.ids.projects.get(row.project_id);
      if (project === undefined) return refuse('orphan', orphanReason(run, 'projects', row.project_id, 'project'));
      if (!row.date) return refuse('invalid', 'it has no date');
      return {
        values: {
          project_id: project,
          reason: row.comment || row.name,
          date_end: dayOf(row.date, timeZone),
          approved: true,
          date_submitted: row.date,
          processed_by: json(row.comment_by),
          date_processed: row.date,
        },
      };
    },
  };
}
