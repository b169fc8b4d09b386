/**
 * Projects of the current portal (`backend_project`) → `projects`, with their codes unchanged.
 * Each row is checked as the API's Project entity (schemas/entities/project.json: the science
 * shares, the resource limits, the vocabularies of states and types). The current portal stored
 * resource numbers and shares as text and blanks as empty strings: numbers written as text become
 * numbers and blanks are left out before the check; anything else is checked as it is.
 */
import type { Selectable } from 'kysely';
import { format } from 'date-fns';
import type { Convert, ImportRun, EntityImport } from './engine';
import { refuse } from './engine';
import { Claims, schemaProblems } from './checks';
import { lookupIds } from '@/server/db/vocabularies';
import { activeStateNames } from '../projects/active-states';
import { projectEntity } from '../projects/entity';
import { projectCodes, projectCodesOfMonth, projectCounter, raiseProjectCounter } from '@/server/projects/queries-codes';
import { schemaIdOf } from '@/schema-runtime';
import type { SourceProject } from './source-tables';

type Row = Selectable<SourceProject>;

const json = (value: unknown): string | null => (value === null || value === undefined ? null : JSON.stringify(value));
const INTEGER_TEXT = /^\s*\d+\s*$/;

/** `"12"` → 12; other values as they are. */
const asNumber = (value: unknown): unknown => (typeof value === 'string' && INTEGER_TEXT.test(value) ? Number(value) : value);

/** Resource numbers without blanks (`""`, null), numbers written as text made numbers. */
export function resourceNumbers(value: unknown): unknown {
  if (value === null || value === undefined) return {};
  if (typeof value !== 'object' || Array.isArray(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) if (v !== '' && v !== null) out[key] = asNumber(v);
  return out;
}

/** Science shares with percents written as text made numbers. */
export function scienceFields(value: unknown): unknown {
  if (!Array.isArray(value)) return value;
  return value.map((domain) => {
    if (typeof domain !== 'object' || domain === null) return domain;
    const d = domain as Record<string, unknown>;
    const fields = Array.isArray(d.scientificfields)
      ? d.scientificfields.map((f) => (typeof f === 'object' && f !== null ? { ...f, percent: asNumber((f as Record<string, unknown>).percent) } : f))
      : d.scientificfields;
    return { ...d, percent: asNumber(d.percent), ...(fields !== undefined ? { scientificfields: fields } : {}) };
  });
}

const withoutNull = (entity: Record<string, unknown>) => Object.fromEntries(Object.entries(entity).filter(([, v]) => v !== null && v !== undefined));

export function projectsImport(
  run: ImportRun,
  rows: Row[],
  source: { states: Map<number, string>; types: Map<number, string> },
): EntityImport<Row, 'projects'> {
  return { name: 'projects', target: 'projects', rows, prepare: () => projectsCheck(run, source) };
}

/** Reads what the checks of new and changed rows need, and answers the check. */
async function projectsCheck(
  run: ImportRun,
  source: { states: Map<number, string>; types: Map<number, string> },
): Promise<Convert<Row, 'projects'>> {
  const [states, types] = await Promise.all([lookupIds(run.target, 'states'), lookupIds(run.target, 'project_types')]);
  const active = new Set(activeStateNames(run.schemas));
  const here = await projectCodes(run.target);
  const codes = new Claims(here.map((p) => [p.identifier, p.id] as [string, number]));
  const registryIds = new Claims(here.filter((p) => p.croris_id !== null).map((p) => [Number(p.croris_id), p.id] as [number, number]));

  return (row, targetId) => {
    const state = row.state_id === null ? undefined : source.states.get(row.state_id);
    const type = row.project_type_id === null ? undefined : source.types.get(row.project_type_id);
    if (!state || !states.has(state)) return refuse('invalid', `state "${state ?? row.state_id}" is not one the portal knows`);
    if (!type || !types.has(type)) return refuse('invalid', `project type "${type ?? row.project_type_id}" is not one the portal knows`);
    if (!row.identifier.trim()) return refuse('invalid', 'it has no project code');
    const science = scienceFields(row.science_field);
    const numbers = resourceNumbers(row.resources_numbers);
    // The entity's common fields as the portal writes them; the science shares and resource
    // numbers made well formed above, and the stored people as they are.
    const entity = withoutNull({
      ...projectEntity(row, { state, type, active: active.has(state) }),
      science_field: science,
      resources_numbers: numbers,
      approved_by: row.approved_by,
      denied_by: row.denied_by,
      changed_by: row.changed_by,
    });
    const problems = schemaProblems(run.schemas, schemaIdOf('entities/project'), entity);
    if (problems) return refuse('invalid', problems);

    const code = codes.claim(row.identifier, row.id, targetId);
    if (code) {
      if (code.sourceId !== undefined)
        run.report.conflicts.push({ what: 'project code', value: row.identifier, table: 'backend_project', ids: [code.sourceId, row.id], outcome: 'refused' });
      return refuse('conflict', `project code ${row.identifier} already exists here with other content (project id ${code.here ?? `of source ${code.sourceId}`})`);
    }
    if (row.croris_id !== null) {
      const owner = registryIds.claim(row.croris_id, row.id, targetId);
      if (owner) {
        if (owner.sourceId !== undefined)
          run.report.conflicts.push({ what: 'registry project', value: String(row.croris_id), table: 'backend_project', ids: [owner.sourceId, row.id], outcome: 'refused' });
        return refuse('conflict', `registry project ${row.croris_id} is already the project ${owner.here !== undefined ? `id ${owner.here} here` : `of source row ${owner.sourceId}`}`);
      }
    }
    return {
      values: {
        identifier: row.identifier,
        name: row.name,
        institute: row.institute,
        reason: row.reason,
        date_approved: row.date_approved,
        date_start: row.date_start,
        date_end: row.date_end,
        date_submitted: row.date_submitted,
        date_changed: row.date_changed,
        approved_by: json(row.approved_by),
        denied_by: json(row.denied_by),
        changed_by: json(row.changed_by),
        change_history: json(Array.isArray(row.change_history) ? row.change_history : []) ?? '[]',
        science_field: json(science),
        science_software: json(row.science_software ?? []),
        science_extrasoftware: row.science_extrasoftware,
        science_extrasoftware_help: row.science_extrasoftware_help,
        resources_numbers: json(numbers),
        resources_type: json(row.resources_type ?? []),
        staff_resources_type: json(row.staff_resources_type ?? []),
        is_active: active.has(state),
        croris_title: row.croris_title,
        croris_start: row.croris_start,
        croris_end: row.croris_end,
        croris_identifier: row.croris_identifier,
        croris_id: row.croris_id,
        croris_summary: row.croris_summary,
        croris_collaborators: json(row.croris_collaborators),
        croris_lead: json(row.croris_lead),
        croris_finance: json(row.croris_finance),
        croris_institute: json(row.croris_institute),
        croris_type: row.croris_type,
        state_id: states.get(state)!,
        project_type_id: types.get(type)!,
      },
    };
  };
}

/** Codes `<PREFIX>-<YYYY>-<MM>-<NNN>`: the number of one of this month's codes. */
const numberOf = (code: string, month: string): number | null => {
  const m = code.match(/^[A-Z]+-(\d{4}-\d{2})-(\d+)$/);
  return m && m[1] === month ? Number(m[2]) : null;
};

/**
 * Moves the code counter (services/projects/identifiers.ts) past the highest code of this month
 * here, so after NR-2026-11-007 the next request is NR-2026-11-008. The counter is shared by all
 * prefixes, so it continues after the highest number of any of them. Never moves it back.
 */
export async function continueCounter(run: ImportRun, plannedCodes: readonly string[], now = new Date()): Promise<{ month: string; last: number }> {
  const month = format(now, 'yyyy-MM');
  const here = await projectCodesOfMonth(run.target, month);
  const highest = Math.max(0, ...[...here, ...plannedCodes].map((c) => numberOf(c, month) ?? 0));
  const row = await projectCounter(run.target);
  const current = row && row.month === month ? row.counter : 0;
  const last = Math.max(current, highest);
  if (!run.dryRun && last !== current) await raiseProjectCounter(run.target, month, last);
  return { month, last };
}
