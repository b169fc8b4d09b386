import type { RegistryCollaborator, RegistryInfo, RegistryProject, User } from '@generated';
import { typedDateToApi } from '@/client/engine/format';
import { schemas } from '@/client/shared/schema-set';

/** The registry's dd.MM.yyyy as the API's yyyy-MM-dd; undefined when it is not a date. */
export function registryDateToApi(value: string | undefined): string | undefined {
  return value ? typedDateToApi(value) : undefined;
}

/** The lead projects of a registry answer. */
export function registryLeadProjects(registry: RegistryInfo | undefined): RegistryProject[] {
  return registry?.status.code === 200 ? (registry.data?.projects_lead_info ?? []) : [];
}

/** The collaborators the registry lists for one lead project. */
export function registryCollaborators(registry: RegistryInfo | undefined, crorisId: number): RegistryCollaborator[] {
  return registry?.data?.projects_lead_users?.[String(crorisId)] ?? [];
}

/** The lead institution of a registry project (class `leadInstituteClass` of rules/constants.json), or the first one. */
export function leadInstitute(project: RegistryProject): string | undefined {
  const institutes = project.institute ?? [];
  return (institutes.find((i) => i.class === schemas.constants.leadInstituteClass) ?? institutes[0])?.name;
}

function defined(record: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(record).filter(([, v]) => v !== undefined && v !== null));
}

/**
 * The research-request form's starting values from one registry project: title, summary, dates,
 * type, funders, institutions and collaborators as the registry gives them (read-only in the
 * form); the name and usage period follow the registry project.
 */
export function registryPrefill(project: RegistryProject, collaborators: RegistryCollaborator[], lead: User | undefined): Record<string, unknown> {
  const start = registryDateToApi(project.start);
  const end = registryDateToApi(project.end);
  return defined({
    croris_id: project.croris_id,
    croris_identifier: project.identifier,
    croris_title: project.title,
    croris_summary: project.summary,
    croris_type: project.type,
    croris_start: start,
    croris_end: end,
    croris_lead: lead ? `${lead.first_name} ${lead.last_name}`.trim() : undefined,
    croris_finance: project.finance ?? [],
    croris_institute: project.institute ?? [],
    croris_collaborators: collaborators,
    name: project.title,
    date_start: start,
    date_end: end,
    institute: leadInstitute(project),
  });
}
