/**
 * The one writer of the Project API entity (schemas/entities/project.json): the fields every
 * project has, written the same way whether the project is read here (projects/serialize-project.ts,
 * which adds the registry fields, the people who processed it and its related lists) or checked
 * on its way in from the current portal (import-current/projects.ts, which adds the science
 * shares and resource numbers it has made well formed, and the stored people as they are).
 */
import type { LabelValue, Project, ProjectTypeName, StateName } from '@generated';

/** What {@link projectEntity} reads of a project row: a stored one, or one of the current portal. */
export interface ProjectEntitySource {
  id: number;
  identifier: string;
  name: string;
  reason: string;
  institute: string;
  date_submitted: Date | string | null;
  date_changed: Date | string | null;
  date_approved: Date | string | null;
  date_start: string | null;
  date_end: string | null;
  science_software: unknown;
  science_extrasoftware: string;
  science_extrasoftware_help: boolean;
  resources_type: unknown;
  staff_resources_type: unknown;
}

/** The fields of the entity {@link projectEntity} writes. */
export type ProjectEntityCore = Pick<
  Project,
  | 'id'
  | 'identifier'
  | 'name'
  | 'reason'
  | 'institute'
  | 'date_submitted'
  | 'date_changed'
  | 'date_start'
  | 'date_end'
  | 'date_approved'
  | 'is_active'
  | 'state'
  | 'project_type'
  | 'science_software'
  | 'science_extrasoftware'
  | 'science_extrasoftware_help'
  | 'resources_type'
  | 'staff_resources_type'
>;

const iso = (d: Date | string | null): string | null => (d === null ? null : new Date(d).toISOString());

/**
 * The entity's fields every project has, from its row and the names of its state and type (and
 * whether that state is active: the stored flag, or the state's rule for a row from elsewhere).
 * Instants are ISO texts; missing software and resource type lists are empty.
 */
export function projectEntity(row: ProjectEntitySource, is: { state: string; type: string; active: boolean }): ProjectEntityCore {
  return {
    id: row.id,
    identifier: row.identifier,
    name: row.name,
    reason: row.reason,
    institute: row.institute,
    date_submitted: iso(row.date_submitted),
    date_changed: iso(row.date_changed),
    date_start: row.date_start,
    date_end: row.date_end,
    date_approved: iso(row.date_approved),
    is_active: is.active,
    state: { name: is.state as StateName },
    project_type: { name: is.type as ProjectTypeName },
    science_software: (row.science_software as string[] | null) ?? [],
    science_extrasoftware: row.science_extrasoftware,
    science_extrasoftware_help: row.science_extrasoftware_help,
    resources_type: (row.resources_type as LabelValue[] | null) ?? [],
    staff_resources_type: (row.staff_resources_type as LabelValue[] | null) ?? [],
  };
}
