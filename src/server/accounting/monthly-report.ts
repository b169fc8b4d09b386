/**
 * The monthly report of the centre's use by institution: how many projects were active in a month
 * and how many people worked on them, per institution. Projects count under their institute,
 * people under their own institution, each person once per institution.
 */
import { addMonths, format, parse } from 'date-fns';
import type { Db } from '@/server/db/handle';
import { activeByInstitutionIn } from '@/server/projects/queries';
import type { SchemaSet } from '@/schema-runtime';
import { csvText } from '@/schema-runtime/csv-text';
import { stateRules } from '../projects/state-rules';

export interface InstitutionMonth {
  institution: string;
  projects: number;
  users: number;
}

/** Shown for an empty institution name. */
const UNKNOWN = '(unknown)';

/**
 * Institutions with projects active in `month` (yyyy-MM): approved by the month's end, not ended
 * before it began, and not still a request (rules/states.json `isRequest`). Most projects first.
 */
export async function activeByInstitution(db: Db, schemas: SchemaSet, month: string): Promise<InstitutionMonth[]> {
  const first = parse(`${month}-01`, 'yyyy-MM-dd', new Date());
  if (Number.isNaN(first.getTime())) throw new Error(`month must be yyyy-MM, got "${month}"`);
  const start = format(first, 'yyyy-MM-dd');
  const next = format(addMonths(first, 1), 'yyyy-MM-dd');
  const projectStates = stateRules(schemas).filter((s) => !s.isRequest).map((s) => s.value);
  return activeByInstitutionIn(db, projectStates, start, next, UNKNOWN);
}

/**
 * The report as CSV with a header row and a total row, written by the one CSV writer of the
 * exports (an institution's name that begins like a formula is written as text).
 */
export function monthlyReportCsv(month: string, rows: InstitutionMonth[]): string {
  const total = rows.reduce((t, r) => ({ projects: t.projects + r.projects, users: t.users + r.users }), { projects: 0, users: 0 });
  return csvText(
    ['month', 'institution', 'active_projects', 'active_users'],
    [...rows.map((r) => [month, r.institution, String(r.projects), String(r.users)]), [month, 'total', String(total.projects), String(total.users)]],
  );
}
