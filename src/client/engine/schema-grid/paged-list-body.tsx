import { useCallback, useMemo, useRef, useState } from 'react';
import type { GridApi } from 'ag-grid-community';
import { Message } from 'semantic-ui-react';
import { useTranslation } from 'react-i18next';
import type { FilterValues } from '@/schema-runtime/grid-filters';
import { listRules } from '@/schema-runtime/grid-page-query';
import { exportGridCsv } from './grid-csv';
import type { GridRow } from './grid-types';
import { pageSizeChoices } from './sort-rows';
import { GridFooter } from './grid-footer';
import { useI18nKey } from './use-i18n-key';
import { schemas } from '@/client/shared/schema-set';
import { useSchemaCatalog } from '../schema-set-provider';
import { useServerPages, type GridPageFetch } from './use-server-pages';
import { constantNumbers, type GridBodyProps } from './grid-body';
import GridView from './grid-view';

/**
 * A grid's rows from the server, a page at a time (AG Grid's infinite row model; one page is one
 * block): the same footer, empty texts and row numbers as a whole list. The page sizes stop at the
 * configured ones (no "all") and at the longest page the server gives, which is its rule of the set
 * in use whatever catalog the grid reads; the CSV export fetches every row the filters leave in
 * pages and shows how far it got.
 */
export function PagedListBody({
  layout,
  columnDefs,
  values,
  sort,
  page,
  pageSize,
  onPage,
  onPageSize,
  onSort,
  fetchPage,
  extraFilters,
}: GridBodyProps & { fetchPage: GridPageFetch; extraFilters?: FilterValues }) {
  const { t } = useTranslation();
  const tk = useI18nKey();
  const catalog = useSchemaCatalog();
  const apiRef = useRef<GridApi<GridRow> | null>(null);
  const onApi = useCallback((api: GridApi<GridRow> | null) => {
    apiRef.current = api;
  }, []);
  const refresh = useCallback(() => apiRef.current?.refreshInfiniteCache(), []);
  const server = useServerPages({ layout, fetchPage, values, extraFilters, sort, page, pageSize, refresh });
  const [exported, setExported] = useState<number | null>(null);
  const count = server.count ?? 0;
  // No "all" here, and no page longer than the server gives at once.
  const sizes = useMemo(() => {
    const configured = constantNumbers(catalog.constants, layout.layout.pageSizesConstant).filter((size) => size <= listRules(schemas).pageRowsMax);
    return { ...pageSizeChoices(configured, count), all: false };
  }, [layout, catalog, count]);
  const rows = useMemo(() => ({ datasource: server.datasource }), [server.datasource]);
  const { fetchAll } = server;
  const onExport = useCallback(async () => {
    setExported(0);
    try {
      const all = await fetchAll((done, of) => setExported(of === 0 ? 100 : Math.floor((done / of) * 100)));
      await exportGridCsv(layout, columnDefs, all);
    } finally {
      setExported(null);
    }
  }, [fetchAll, columnDefs, layout]);

  const emptyKey = server.total === 0 ? layout.layout.emptyKey : layout.layout.noMatchKey;
  return (
    <>
      <GridView columnDefs={columnDefs} rows={rows} pageSize={pageSize} onSort={onSort} onApi={onApi} />
      {server.failed && <Message negative className="grid-failed" content={t('grid.loadFailed')} />}
      {!server.failed && server.count === 0 && <Message className="grid-empty" content={tk(emptyKey)} />}
      <GridFooter
        count={count}
        page={page}
        pageSize={pageSize}
        sizes={sizes}
        resourceKey={layout.layout.resourceKey}
        onPage={onPage}
        onPageSize={onPageSize}
        onExport={() => void onExport()}
        exportProgress={exported}
      />
    </>
  );
}
