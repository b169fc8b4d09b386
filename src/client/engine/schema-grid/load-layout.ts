import { perSchemaSet } from '@/client/shared/per-schema-set';
import { schemas } from '@/client/shared/schema-set';
import { readTableLayout, type TableLayout } from '@/schema-runtime/table-layout';

const layouts = perSchemaSet(() => new Map<string, TableLayout>());

/**
 * A layout file of `schemas/tables/` (e.g. `tables/software`) from the schema set in use: the same
 * object on every call until another set goes live, so a grid handed it re-renders only then.
 */
export function tableLayout(name: string): TableLayout {
  const read = layouts();
  let layout = read.get(name);
  if (!layout) {
    layout = readTableLayout(schemas.schema(name));
    read.set(name, layout);
  }
  return layout;
}
