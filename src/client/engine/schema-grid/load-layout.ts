import { schemas } from '../../shared/schema-set';
import { readTableLayout, type TableLayout } from '../../../schema-runtime/table-layout';

/** A layout file of `schemas/tables/` (e.g. `tables/software`) from the loaded schema set. */
export function tableLayout(name: string): TableLayout {
  return readTableLayout(schemas.schema(name));
}
