import type { InstituteCheck, RegistryInfo } from '@generated';
import { SCHEMA_IDS } from '@/schema-runtime/schema-ids';
import { isInstitutional as institutionalType, isRegistryBased as registryBasedType } from '@/schema-runtime/rule-annotations';
import { perSchemaSet } from '@/client/shared/per-schema-set';
import { schemas, type RequestTypeAnnotations } from '@/client/shared/schema-set';

/** A request type of schemas/requests/index.json with every annotation the pages use. */
export interface RequestType extends RequestTypeAnnotations {
  value: string;
  /** The request schema file of schemas/requests. */
  form: string;
  /** False: the form is shown disabled and the server refuses it. */
  accepting: boolean;
}

/** Request types in chooser order (of the schema set in use). */
export const allRequestTypes = perSchemaSet(() => schemas.vocabulary<Omit<RequestType, 'value'>>(SCHEMA_IDS.requestTypes) as RequestType[]);

/** The request type whose route is the last segment of /ui/new-request/<route>. */
export function requestTypeOfPath(pathname: string): RequestType | undefined {
  const route = decodeURIComponent(pathname.replace(/\/+$/, '').split('/').pop() ?? '');
  return allRequestTypes().find((type) => type.value === route);
}

/** True for a type built from a research-registry project (cards, then a pre-filled form). */
export function isRegistryBased(type: RequestType): boolean {
  return registryBasedType(schemas, type.projectType);
}

/** True for a type to which the institutional eligibility check applies. */
export function isInstitutional(type: RequestType): boolean {
  return institutionalType(schemas, type.projectType);
}

/** The types a user is offered: staff-only ones only to staff and superusers. */
export function offeredRequestTypes(isStaff: boolean): RequestType[] {
  return allRequestTypes().filter((type) => isStaff || !type.staffOnly);
}

/** Why a type cannot be chosen now. */
export type RequestTypeBlock =
  | { kind: 'foreign' }
  | { kind: 'institute'; reason: InstituteCheck['status']['message'] }
  | { kind: 'registry' };

/** True when the registry answered and names the user lead of at least one project. */
export function leadsRegistryProjects(registry: RegistryInfo | undefined): boolean {
  return (
    registry?.status.code === 200 &&
    registry.data?.person_info.lead_status === true &&
    (registry.data.projects_lead_info?.length ?? 0) > 0
  );
}

/**
 * Whether a chosen type is blocked (spec point 5, "New-request chooser"): foreign users submit
 * nothing; an institutional type is blocked when the check says DENY; a registry-based one when
 * the registry did not answer 200 or the user leads no registry project. Undefined answers (still
 * loading) block nothing yet.
 */
export function requestTypeBlock(
  type: RequestType,
  context: { foreign: boolean; registry?: RegistryInfo; instituteCheck?: InstituteCheck },
): RequestTypeBlock | null {
  if (context.foreign) return { kind: 'foreign' };
  if (isInstitutional(type) && context.instituteCheck?.status.operation === 'DENY')
    return { kind: 'institute', reason: context.instituteCheck.status.message };
  if (isRegistryBased(type) && context.registry && !leadsRegistryProjects(context.registry)) return { kind: 'registry' };
  return null;
}
