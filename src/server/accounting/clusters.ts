import type { SchemaCatalog } from '@/schema-runtime';
import { schemaIdOf } from '@/schema-runtime';

/** One cluster of rules/clusters.json. */
export interface Cluster {
  name: string;
  label: { hr: string; en: string };
  /** Requested resource types that make a project a candidate for a job record naming none. */
  resourceTags: string[];
  service?: 'notebook' | 'galaxy';
  /** CPU cores and GPUs: the most hours a job record may claim per hour of its span. */
  capacity?: { cpus: number; gpus: number };
}

/** The clusters and the accounting time zone, as rules/clusters.json says. */
export function clustersOf(schemas: SchemaCatalog): { clusters: Cluster[]; timeZone: string } {
  const clusters = schemas
    .vocabulary<Omit<Cluster, 'name'>>('rules/clusters')
    .map(({ value, ...rest }) => ({ name: value, ...rest, resourceTags: rest.resourceTags ?? [] }));
  const timeZone = String(schemas.schema(schemaIdOf('rules/clusters')).accountingTimeZone ?? 'UTC');
  return { clusters, timeZone };
}

export function findCluster(schemas: SchemaCatalog, name: string | undefined): Cluster | undefined {
  return clustersOf(schemas).clusters.find((c) => c.name === name);
}
