import { useCallback, useEffect, useMemo } from 'react';
import { Message } from 'semantic-ui-react';
import type { ResolvedOptions } from '@/schema-runtime/grid-filters';
import { rowFilterValues } from '@/schema-runtime/grid-options';
import { exportGridCsv } from './grid-csv';
import type { GridRow } from './grid-types';
import { gridRows } from './grid-rows';
import { pageSizeChoices } from './sort-rows';
import { createSearchIndex } from './search-index';
import { GridFooter } from './grid-footer';
import { useI18nKey } from './use-i18n-key';
import { useSchemaCatalog } from '../schema-set-provider';
import { shownDate, shownDateTime } from './cells/shown-dates';
import { constantNumbers, type GridBodyProps } from './grid-body';
import GridView from './grid-view';

const FORMATTERS = { date: shownDate, dateTime: shownDateTime };
// One for every grid: it holds rows and filter specs weakly, so it keeps what is still shown.
const SEARCH_INDEX = createSearchIndex(FORMATTERS);
// The whole list needs nothing of the grid's API: the export writes the rows it holds itself.
const NO_API = () => undefined;

/**
 * A grid's rows from its whole list: the layout's row filter, the filters, the sort and the row
 * numbers applied here (`gridRows`), one page handed to AG Grid; the CSV export writes every row the
 * filters leave.
 */
export function WholeListBody<T>({
  layout,
  columnDefs,
  values,
  sort,
  page,
  pageSize,
  onPage,
  onPageSize,
  onSort,
  data,
  options,
}: GridBodyProps & { data: readonly T[]; options: ResolvedOptions }) {
  const tk = useI18nKey();
  const catalog = useSchemaCatalog();
  const allowed = useMemo(() => rowFilterValues(layout, (id) => catalog.vocabulary(id)), [layout, catalog]);
  const shown = useMemo(() => gridRows(layout, data, values, sort, options, allowed, FORMATTERS, SEARCH_INDEX), [layout, data, values, sort, options, allowed]);
  // Fill the search index while the user reads, so the first keystroke is as quick as the next.
  useEffect(() => SEARCH_INDEX.warm(data, layout.layout.filters), [data, layout]);
  const pageRows = useMemo(() => shown.rows.slice(page * pageSize, (page + 1) * pageSize) as GridRow[], [shown.rows, page, pageSize]);
  const sizes = useMemo(
    () => pageSizeChoices(constantNumbers(catalog.constants, layout.layout.pageSizesConstant), shown.rows.length),
    [layout, catalog, shown.rows.length],
  );
  // The grid holds one page; the export writes every row the filters leave.
  const onExport = useCallback(() => void exportGridCsv(layout, columnDefs, shown.rows as GridRow[]), [layout, columnDefs, shown.rows]);

  const emptyKey = shown.total === 0 ? layout.layout.emptyKey : layout.layout.noMatchKey;
  return (
    <>
      <GridView columnDefs={columnDefs} rows={pageRows} pageSize={pageSize} onSort={onSort} onApi={NO_API} />
      {shown.rows.length === 0 && <Message className="grid-empty" content={tk(emptyKey)} />}
      <GridFooter
        count={shown.rows.length}
        page={page}
        pageSize={pageSize}
        sizes={sizes}
        resourceKey={layout.layout.resourceKey}
        onPage={onPage}
        onPageSize={onPageSize}
        onExport={onExport}
      />
    </>
  );
}
