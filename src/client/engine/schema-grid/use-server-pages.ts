import { useEffect, useMemo, useRef, useState } from 'react';
import type { IDatasource } from 'ag-grid-community';
import type { TableLayout } from '@/schema-runtime/table-layout';
import { anyFilterActive, type FilterValues, type SortState } from '@/schema-runtime/grid-filters';
import { listRules, type GridPageRequest } from '@/schema-runtime/grid-page-query';
import { schemas } from '@/client/shared/schema-set';
import type { GridRow } from './grid-types';
import { rowNumber } from './sort-rows';

/** One page as the server answers it: the window's rows and the counts. */
export interface GridPageAnswer {
  count: number;
  total: number;
  rows: readonly unknown[];
}

/**
 * Fetches one page of a grid's list from the server (GET grid-page/:grid); the app passes it in,
 * the engine imports no API.
 */
export type GridPageFetch = (request: GridPageRequest, signal: AbortSignal) => Promise<GridPageAnswer>;

/** What a grid paged on the server shows besides its rows. */
export interface ServerPages {
  /** AG Grid's datasource: it answers the grid's requests for the current filters, sort and page. */
  datasource: IDatasource;
  /** The counts of the last answer (undefined before the first). */
  count: number | undefined;
  total: number | undefined;
  failed: boolean;
  /** Every row the filters leave, fetched in pages of pageRowsMax; `progress` hears how far it got. */
  fetchAll(progress: (done: number, of: number) => void): Promise<GridRow[]>;
}

let timeZone: string | undefined;

/**
 * The browser's time zone: the server writes instants' dates in it, as the grid's cells do. Read at
 * the first page call, not when the grid's code loads: reading it loads the browser's locale data,
 * a long task on a phone, and a list sent whole never needs it.
 */
function browserTimeZone(): string {
  timeZone ??= Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  return timeZone;
}

/** The filter values to ask the server for: a change of a text filter waits until typing pauses. */
function useRequestedFilters(layout: TableLayout, values: FilterValues, delayMs: number): FilterValues {
  const [requested, setRequested] = useState(values);
  const last = useRef(values);
  useEffect(() => {
    const previous = last.current;
    last.current = values;
    const typed = layout.layout.filters.some((f) => f.kind === 'text' && previous[f.key] !== values[f.key]);
    if (!typed) {
      setRequested(values);
      return undefined;
    }
    const timer = setTimeout(() => setRequested(values), delayMs);
    return () => clearTimeout(timer);
  }, [layout, values, delayMs]);
  return requested;
}

/**
 * A grid's rows from the server, one page at a time: the same layout, filters, sort, row numbers
 * and footer counts as a whole list filtered in the browser, each page asked for when it is shown.
 * Answers to superseded requests are dropped (and their requests aborted).
 */
export function useServerPages({
  layout,
  fetchPage,
  values,
  extraFilters,
  sort,
  page,
  pageSize,
  refresh,
}: {
  layout: TableLayout;
  fetchPage: GridPageFetch;
  values: FilterValues;
  /** Filters the page adds to the user's (they win over the filter bar's value of the same key). */
  extraFilters?: FilterValues;
  sort: SortState | null;
  page: number;
  pageSize: number;
  /** Makes the grid ask for its rows again (AG Grid's refreshInfiniteCache); pass a stable function. */
  refresh: () => void;
}): ServerPages {
  const rules = useMemo(() => listRules(schemas), []);
  const typed = useRequestedFilters(layout, values, rules.pagedFilterDelayMs);
  const filters = useMemo(() => ({ ...typed, ...extraFilters }), [typed, extraFilters]);
  const [counts, setCounts] = useState<{ count?: number; total?: number; failed: boolean }>({ failed: false });
  const numbering = layout.layout.rowNumbers;
  const sortedOrSearched = sort !== null || anyFilterActive(layout.layout.filters, filters);

  // The request the grid's rows are for; the datasource reads it whenever the grid asks for rows.
  const request = useMemo(
    () => ({ filters, sort, page, pageSize, sortedOrSearched, controller: new AbortController() }),
    [filters, sort, page, pageSize, sortedOrSearched],
  );
  const current = useRef(request);
  current.current = request;
  const datasource = useMemo<IDatasource>(
    () => ({
      getRows(params) {
        const { filters, sort, page, pageSize, sortedOrSearched, controller } = current.current;
        const offset = page * pageSize + params.startRow;
        const limit = Math.min(params.endRow, pageSize) - params.startRow;
        fetchPage({ offset, limit, sort, filters, timeZone: browserTimeZone() }, controller.signal).then(
          (answer) => {
            if (controller.signal.aborted) return;
            setCounts({ count: answer.count, total: answer.total, failed: false });
            const rows = answer.rows.map((row, i): GridRow => ({ row, rowNumber: rowNumber(offset + i, answer.count, numbering, sortedOrSearched), slot: params.startRow + i }));
            params.successCallback(rows, Math.max(0, Math.min(pageSize, answer.count - page * pageSize)));
          },
          () => {
            if (controller.signal.aborted) return;
            setCounts((shown) => ({ ...shown, failed: true }));
            params.failCallback();
          },
        );
      },
    }),
    [fetchPage, numbering],
  );
  // A new request aborts the previous one's call, and the grid fetches its rows again in place
  // (keeping the rows it shows until the answer replaces them, which redraws cells, not rows).
  const mounted = useRef(false);
  useEffect(() => {
    if (mounted.current) refresh();
    mounted.current = true;
    return () => request.controller.abort();
  }, [request, refresh]);

  const { filters: exported, sort: exportSort, sortedOrSearched: exportNumbers } = request;
  const fetchAll = async (progress: (done: number, of: number) => void): Promise<GridRow[]> => {
    const rows: unknown[] = [];
    let count = Infinity;
    while (rows.length < count) {
      const answer = await fetchPage({ offset: rows.length, limit: rules.pageRowsMax, sort: exportSort, filters: exported, timeZone: browserTimeZone() }, new AbortController().signal);
      count = answer.count;
      if (answer.rows.length === 0) break;
      rows.push(...answer.rows);
      progress(Math.min(rows.length, count), count);
    }
    return rows.map((row, i) => ({ row, rowNumber: rowNumber(i, rows.length, numbering, exportNumbers), slot: i }));
  };

  return { datasource, count: counts.count, total: counts.total, failed: counts.failed, fetchAll };
}
