import { substituteProduct } from '../../../schema-runtime/schema-catalog';
import { schemas } from '../../shared/schema-set';
import { readTableLayout, type TableLayout } from './table-layout';

/** A layout file of `schemas/tables/` as bundled, with `{product}` replaced like every schema. */
export function tableLayout(doc: object): TableLayout {
  return readTableLayout(substituteProduct(doc as Record<string, unknown>, schemas.service.productKey));
}
