import { ResourceTags } from '@/client/engine/renderers';
import type { CellProps } from '../column-defs';
import { valuesAt } from '../row-values';

/** Resource types at the column's field (label/value items) as tags in rows of 3. */
export function resourceValues(row: unknown, path: string): string[] {
  return valuesAt(row, path).map((v) => (v && typeof v === 'object' ? String((v as { value: unknown }).value) : String(v)));
}

/** Resource tags, rows of 3. */
export function ResourceTagsCell({ row, field }: CellProps) {
  return <ResourceTags tags={resourceValues(row, field)} />;
}
