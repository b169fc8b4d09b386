import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Loader } from 'semantic-ui-react';
import { useTranslation } from 'react-i18next';
import type { TableLayout } from '@/schema-runtime/table-layout';
import type { FilterValues, SortState } from '@/schema-runtime/grid-filters';
import { toColumnDefs } from './column-defs';
import { resolveOptions } from '@/schema-runtime/grid-options';
import { FilterBar } from './filter-bar';
import { GridActionsContext, type GridAction } from './grid-actions';
import { cellRenderers } from './cells/cell-renderers';
import { useI18nKey } from './use-i18n-key';
import { useSchemaCatalog } from '../schema-set-provider';
import { WholeListBody } from './whole-list-body';
import { PagedListBody } from './paged-list-body';
import type { GridPageFetch } from './use-server-pages';
import type { GridBodyProps } from './grid-body';

const NO_ACTIONS: Readonly<Record<string, GridAction>> = {};

function constantNumber(constants: unknown, name: string, fallback: number): number {
  const value = (constants as Record<string, unknown>)[name];
  return typeof value === 'number' ? value : fallback;
}

/**
 * A staff grid drawn from one layout file of `schemas/tables/`: the filter bar, AG Grid, the
 * pagination footer and CSV export. A list sent whole (`data`) is filtered, sorted and numbered
 * here by pure functions and AG Grid gets one page of the result; a list too big for that (`pages`,
 * rules/lists.json) comes from the server a page at a time, filtered and sorted there by the same
 * layout, through AG Grid's infinite row model. Both look and behave the same. The grid re-mounts
 * when the language changes so its headers follow. Its filters' choices, cells and page sizes read
 * the catalog of the nearest `SchemaSetProvider` (the set in use without one).
 */
export function SchemaGrid<T>({
  layout,
  data,
  loading,
  actions = NO_ACTIONS,
  toolbar,
  pages,
  extraFilters,
}: {
  layout: TableLayout;
  /** The whole list (when it is not paged on the server). */
  data?: readonly T[] | undefined;
  loading?: boolean;
  /** Row actions by name for `action` columns; pass a stable object. */
  actions?: Readonly<Record<string, GridAction>>;
  /** Extra controls shown right of the filters' heading (e.g. the active/inactive toggle). */
  toolbar?: ReactNode;
  /** Fetches pages from the server: the list is paged there instead of sent whole. */
  pages?: GridPageFetch;
  /** Filters a paged list always gets besides the filter bar's (a whole list the page filters itself); pass a stable object. */
  extraFilters?: FilterValues;
}) {
  const { i18n } = useTranslation();
  const tk = useI18nKey();
  const catalog = useSchemaCatalog();
  const [values, setValues] = useState<FilterValues>({});
  const [sort, setSort] = useState<SortState | null>(layout.layout.defaultSort ?? null);
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(() => layout.layout.pageSize ?? constantNumber(catalog.constants, layout.layout.defaultPageSizeConstant, 30));

  const options = useMemo(() => resolveOptions(layout, (id) => catalog.vocabulary(id)), [layout, catalog]);
  // Built once per language and sort: the grid re-mounts with the language and takes the sort as its initial one.
  const columnDefs = useMemo(
    () => toColumnDefs(layout.columns, (key) => tk(key), cellRenderers, sort, i18n.language === 'en' ? 'en' : 'hr', catalog),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [layout, i18n.language, catalog],
  );

  const onFilter = useCallback((key: string, value: string | string[]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setPage(0);
  }, []);
  const onSort = useCallback((next: SortState | null) => {
    setSort(next);
    setPage(0);
  }, []);
  const onPageSize = useCallback((size: number) => {
    setPageSize(size);
    setPage(0);
  }, []);
  // The page's own filters (a toggle beside the grid) start the rows over, as the filter bar's do.
  useEffect(() => setPage(0), [extraFilters]);

  const body: GridBodyProps = { layout, columnDefs, values, sort, page, pageSize, onPage: setPage, onPageSize, onSort };
  return (
    <div className="schema-grid" data-grid={layout.title} data-paged={pages ? 'server' : undefined}>
      {toolbar}
      <FilterBar filters={layout.layout.filters} values={values} options={options} onChange={onFilter} />
      {loading || (!pages && !data) ? (
        <Loader active inline="centered" />
      ) : (
        <GridActionsContext.Provider value={actions}>
          {pages ? (
            <PagedListBody {...body} key={`${i18n.language}`} fetchPage={pages} extraFilters={extraFilters} />
          ) : (
            <WholeListBody {...body} key={`${i18n.language}`} data={data ?? []} options={options} />
          )}
        </GridActionsContext.Provider>
      )}
    </div>
  );
}
