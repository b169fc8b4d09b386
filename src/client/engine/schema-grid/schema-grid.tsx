import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Loader, Message } from 'semantic-ui-react';
import { useTranslation } from 'react-i18next';
import type { GridApi } from 'ag-grid-community';
import type { TableLayout } from '../../../schema-runtime/table-layout';
import type { GridRow } from './column-defs';
import { exportedText, toColumnDefs } from './column-defs';
import type { FilterValues, SortState } from '../../../schema-runtime/grid-filters';
import { gridRows } from './grid-rows';
import { pageSizeChoices } from './sort-rows';
import { resolveOptions, rowFilterValues } from '../../../schema-runtime/grid-options';
import { createSearchIndex } from './search-index';
import { FilterBar } from './filter-bar';
import { GridFooter } from './grid-footer';
import { GridActionsContext, type GridAction } from './grid-actions';
import { cellRenderers } from './cells/cell-renderers';
import { useI18nKey } from './use-i18n-key';
import { schemas } from '../../shared/schema-set';
import { shownDate, shownDateTime } from './cells/shown-dates';

const GridView = lazy(() => import(/* webpackChunkName: "schema-grid" */ './grid-view'));

const FORMATTERS = { date: shownDate, dateTime: shownDateTime };
// One for every grid: it holds rows and filter specs weakly, so it keeps what is still shown.
const SEARCH_INDEX = createSearchIndex(FORMATTERS);
const NO_ACTIONS: Readonly<Record<string, GridAction>> = {};
const vocabulary = (id: string) => schemas.vocabulary(id);

function constantNumber(name: string, fallback: number): number {
  const value = (schemas.constants as unknown as Record<string, unknown>)[name];
  return typeof value === 'number' ? value : fallback;
}

function constantNumbers(name: string): number[] {
  const value = (schemas.constants as unknown as Record<string, unknown>)[name];
  return Array.isArray(value) ? value.filter((v): v is number => typeof v === 'number') : [];
}

/**
 * A staff grid drawn from one layout file of `schemas/tables/`: the filter bar, AG Grid (loaded in
 * its own chunk), the pagination footer and CSV export. Filtering, sorting and row numbers are
 * done here by pure functions; AG Grid gets the resulting rows. The grid re-mounts when the
 * language changes so its headers follow.
 */
export function SchemaGrid<T>({
  layout,
  data,
  loading,
  actions = NO_ACTIONS,
  toolbar,
}: {
  layout: TableLayout;
  data: readonly T[] | undefined;
  loading?: boolean;
  /** Row actions by name for `action` columns; pass a stable object. */
  actions?: Readonly<Record<string, GridAction>>;
  /** Extra controls shown right of the filters' heading (e.g. the active/inactive toggle). */
  toolbar?: ReactNode;
}) {
  const { i18n } = useTranslation();
  const tk = useI18nKey();
  const [values, setValues] = useState<FilterValues>({});
  const [sort, setSort] = useState<SortState | null>(null);
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(() => constantNumber(layout.layout.defaultPageSizeConstant, 30));
  const apiRef = useRef<GridApi<GridRow> | null>(null);
  const sortRef = useRef(sort);
  sortRef.current = sort;

  const options = useMemo(() => resolveOptions(layout, vocabulary), [layout]);
  const allowed = useMemo(() => rowFilterValues(layout, vocabulary), [layout]);
  const shown = useMemo(
    () => gridRows(layout, data ?? [], values, sort, options, allowed, FORMATTERS, SEARCH_INDEX),
    [layout, data, values, sort, options, allowed],
  );
  // Fill the search index while the user reads, so the first keystroke is as quick as the next.
  useEffect(() => (data ? SEARCH_INDEX.warm(data, layout.layout.filters) : undefined), [data, layout]);
  // Built once per language: the grid re-mounts then and takes the current sort as its initial one.
  const columnDefs = useMemo(
    () => toColumnDefs(layout.columns, (key) => tk(key), cellRenderers, sortRef.current, i18n.language === 'en' ? 'en' : 'hr'),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [layout, i18n.language],
  );
  const pageRows = useMemo(() => shown.rows.slice(page * pageSize, (page + 1) * pageSize) as GridRow[], [shown.rows, page, pageSize]);
  const sizes = useMemo(() => pageSizeChoices(constantNumbers(layout.layout.pageSizesConstant), shown.rows.length), [layout, shown.rows.length]);

  const onFilter = useCallback((key: string, value: string | string[]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setPage(0);
  }, []);
  const onSort = useCallback((next: SortState | null) => {
    setSort(next);
    setPage(0);
  }, []);
  const onApi = useCallback((api: GridApi<GridRow> | null) => {
    apiRef.current = api;
  }, []);
  // The grid holds one page; the export writes every row the filters leave, so it swaps them in briefly.
  const onExport = useCallback(() => {
    const api = apiRef.current;
    if (!api) return;
    const columnKeys = layout.columns.filter((c) => c.renderer !== 'action').map((c) => c.field);
    api.setGridOption('rowData', shown.rows as GridRow[]);
    api.exportDataAsCsv({
      fileName: `${layout.layout.exportName}.csv`,
      columnKeys,
      processCellCallback: ({ column, node }) => exportedText(column.getColDef(), node?.data as GridRow | undefined),
    });
    api.setGridOption('rowData', pageRows);
  }, [layout, shown.rows, pageRows]);

  const emptyKey = shown.total === 0 ? layout.layout.emptyKey : layout.layout.noMatchKey;
  return (
    <div className="schema-grid" data-grid={layout.title}>
      {toolbar}
      <FilterBar filters={layout.layout.filters} values={values} options={options} onChange={onFilter} />
      {loading || !data ? (
        <Loader active inline="centered" />
      ) : (
        <GridActionsContext.Provider value={actions}>
          <Suspense fallback={<Loader active inline="centered" />}>
            <GridView
              key={i18n.language}
              columnDefs={columnDefs}
              rows={pageRows}
              pageSize={pageSize}
              onSort={onSort}
              onApi={onApi}
            />
          </Suspense>
          {shown.rows.length === 0 && <Message className="grid-empty" content={tk(emptyKey)} />}
          <GridFooter
            count={shown.rows.length}
            page={page}
            pageSize={pageSize}
            sizes={sizes}
            resourceKey={layout.layout.resourceKey}
            onPage={setPage}
            onPageSize={(size) => {
              setPageSize(size);
              setPage(0);
            }}
            onExport={onExport}
          />
        </GridActionsContext.Provider>
      )}
    </div>
  );
}
