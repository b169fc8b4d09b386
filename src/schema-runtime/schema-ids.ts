/** Base URI of every schema `$id`. */
export const SCHEMA_BASE = 'https://portal.schemas/';

/**
 * Turns `rules/resource-limits`, `rules/resource-limits.json` or a full `$id` into the full `$id`.
 */
export function schemaIdOf(nameOrId: string): string {
  if (nameOrId.startsWith(SCHEMA_BASE)) return nameOrId;
  const trimmed = nameOrId.replace(/^\/+/, '').replace(/^schemas\//, '');
  return `${SCHEMA_BASE}${trimmed.endsWith('.json') ? trimmed : `${trimmed}.json`}`;
}

/** The short name of a schema `$id`, e.g. `rules/resource-limits`. */
export function shortNameOf(id: string): string {
  return id.replace(SCHEMA_BASE, '').replace(/\.json$/, '');
}

/** Well-known schema ids the code refers to. */
export const SCHEMA_IDS = {
  service: schemaIdOf('rules/service'),
  constants: schemaIdOf('rules/constants'),
  states: schemaIdOf('rules/states'),
  roles: schemaIdOf('rules/roles'),
  projectTypes: schemaIdOf('rules/project-types'),
  projectTypeFilters: schemaIdOf('rules/project-type-filters'),
  resourceTypes: schemaIdOf('rules/resource-types'),
  resourceLimits: schemaIdOf('rules/resource-limits'),
  scienceDomains: schemaIdOf('rules/science-domains'),
  requestTypes: schemaIdOf('requests/index'),
  projectChange: schemaIdOf('api/project-change'),
  registry: schemaIdOf('rules/registry'),
  username: schemaIdOf('rules/username'),
} as const;
