import { schemas } from '@/client/shared/schema-set';

const page = (template: string, id: number | string) => template.replace('{id}', encodeURIComponent(String(id)));

/** Public pages of the research registry (CroRIS) the portal links to (`registryPages` of rules/service.json). */
export const registryLinks = {
  person: (crorisId: number | string): string => page(schemas.service.registryPages.person, crorisId),
  project: (crorisId: number | string): string => page(schemas.service.registryPages.project, crorisId),
} as const;
