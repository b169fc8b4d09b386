import { useEffect, useMemo } from 'react';
import { flushSync } from 'react-dom';
import { AgGridReact } from 'ag-grid-react';
import {
  ClientSideRowModelApiModule,
  ClientSideRowModelModule,
  InfiniteRowModelModule,
  LocaleModule,
  ModuleRegistry,
  RenderApiModule,
  themeQuartz,
  type ColDef,
  type GetRowIdParams,
  type GridApi,
  type IDatasource,
  type SortChangedEvent,
} from 'ag-grid-community';
import type { GridRow } from './column-defs';
import type { SortState } from '@/schema-runtime/grid-filters';
import { RowHeights, RowHeightsContext } from './row-heights';
import { gridLocaleText } from './grid-locale';
import { useTranslation } from 'react-i18next';
import { usePhone } from '@/client/shared/use-phone';
import './schema-grid.css';

// Only what the grids use: client-side rows (with sorting) and the two API modules
// that `RowHeights` calls (onRowHeightChanged, the theme's row height). No Enterprise module (the
// Set Filter is Enterprise-only), and not AG Grid's auto row height: it measures cell by cell.
// Not its CSV export either: every export goes through our CSV writer (`engine/csv/csv-file.ts`).
// Paging is done before the grid: it gets one page of rows. A list too big to send whole comes
// page by page from the server through the infinite row model (one page is one block).
// LocaleModule: the grid's own texts (paging, filters, overlays) in the interface language.
ModuleRegistry.registerModules([ClientSideRowModelModule, ClientSideRowModelApiModule, InfiniteRowModelModule, RenderApiModule, LocaleModule]);

const theme = themeQuartz.withParams({
  headerBackgroundColor: '#8b3a2f',
  headerTextColor: '#ffffff',
  fontFamily: 'inherit',
  fontSize: 14,
  wrapperBorderRadius: 4,
});

/** Above this page size the grid scrolls inside a fixed height instead of growing (keeps rendering virtual). */
const AUTO_HEIGHT_MAX_ROWS = 100;

// A row's id is its place (see GridRow.slot): a filter keystroke updates the rows the grid has,
// cell by cell, instead of destroying them and building new ones.
const getRowId = ({ data }: GetRowIdParams<GridRow>) => String(data.slot);

export interface GridViewProps {
  columnDefs: ColDef<GridRow>[];
  /** The rows of the current page; or, for a list paged on the server, the datasource of the current page. */
  rows: GridRow[] | { datasource: IDatasource };
  pageSize: number;
  onSort(sort: SortState | null): void;
  onApi(api: GridApi<GridRow> | null): void;
}

/**
 * On a phone the grid's main column (the widest share of spare width, a wrapping one) is pinned to
 * the left: the name a reader looks for is shown whole while the other columns scroll beside it.
 */
function pinMainColumnOnPhone(defs: ColDef<GridRow>[], phone: boolean): ColDef<GridRow>[] {
  if (!phone) return defs;
  const main = defs.reduce<ColDef<GridRow> | undefined>((best, d) => (d.wrapText && (d.flex ?? 0) > (best?.flex ?? 0) ? d : best), undefined);
  return main ? defs.map((d) => (d === main ? { ...d, pinned: 'left' as const } : d)) : defs;
}

/**
 * AG Grid itself: the page's filter bar and footer stay outside. It loads with the grid pages' code
 * (their chunk group), so a page opened by its address asks for it at once, beside its rows.
 */
export default function GridView({ columnDefs, rows, pageSize, onSort, onApi }: GridViewProps) {
  const paged = !Array.isArray(rows);
  // The infinite row model gives all rows one height; the grid re-mounts when the mode changes.
  const heights = useMemo(() => new RowHeights(flushSync, paged), [paged]);
  const { i18n } = useTranslation();
  useEffect(
    () => () => {
      heights.disconnect();
      onApi(null);
    },
    [heights, onApi],
  );
  const autoHeight = pageSize <= AUTO_HEIGHT_MAX_ROWS;
  const phone = usePhone();
  const defs = useMemo(() => pinMainColumnOnPhone(columnDefs, phone), [columnDefs, phone]);
  const handlers = useMemo(
    () => ({
      onGridReady: (event: { api: GridApi<GridRow> }) => onApi(event.api),
      // Read from the event's columns: the column-state API needs a module the grids do not otherwise use.
      onSortChanged: (event: SortChangedEvent<GridRow>) => {
        const sorted = (event.columns ?? []).find((c) => c.getSort());
        const direction = sorted?.getSort();
        onSort(sorted && direction ? { field: sorted.getColId(), direction } : null);
      },
    }),
    [onApi, onSort],
  );
  return (
    <div className="schema-grid-view" style={autoHeight ? undefined : { height: '75vh' }}>
      <RowHeightsContext.Provider value={heights}>
        <AgGridReact<GridRow>
          // Keyed by language: AG Grid reads its texts once, when it is created.
          key={`${i18n.language}${paged ? '-paged' : ''}`}
          localeText={gridLocaleText(i18n.language)}
          // The page says in its own words when there are no rows.
          suppressNoRowsOverlay
          theme={theme}
          columnDefs={defs}
          {...(paged
            ? {
                rowModelType: 'infinite' as const,
                datasource: rows.datasource,
                cacheBlockSize: pageSize,
                maxBlocksInCache: 2,
                infiniteInitialRowCount: 1,
                // The datasource aborts a superseded page itself; AG Grid would count it as still loading.
                maxConcurrentDatasourceRequests: -1,
              }
            : { rowData: rows, getRowHeight: heights.estimate })}
          getRowId={getRowId}
          animateRows={false}
          domLayout={autoHeight ? 'autoHeight' : 'normal'}
          suppressMultiSort
          suppressCellFocus
          enableCellTextSelection
          ensureDomOrder
          onGridReady={handlers.onGridReady}
          onSortChanged={handlers.onSortChanged}
        />
      </RowHeightsContext.Provider>
    </div>
  );
}
