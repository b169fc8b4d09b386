import { useEffect, useMemo, useRef, useState } from 'react';
import type { IDatasource } from 'ag-grid-community';
import type { TableLayout } from '../../../schema-runtime/table-layout';
import { anyFilterActive, type FilterValues, type SortState } from '../../../schema-runtime/grid-filters';
import { listRules, type GridPageRequest } from '../../../schema-runtime/grid-page-query';
import { schemas } from '../../shared/schema-set';
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
  /** AG Grid's datasource of the current page: a new one whenever the filters, sort or page change. */
  datasource: IDatasource;
  /** The counts of the last answer (undefined before the first). */
  count: number | undefined;
  total: number | undefined;
  failed: boolean;
  /** Every row the filters leave, fetched in pages of pageRowsMax; `progress` hears how far it got. */
  fetchAll(progress: (done: number, of: number) => void): Promise<GridRow[]>;
}

/** The browser's time zone: the server writes instants' dates in it, as the grid's cells do. */
const TIME_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

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
}: {
  layout: TableLayout;
  fetchPage: GridPageFetch;
  values: FilterValues;
  /** Filters the page adds to the user's (they win over the filter bar's value of the same key). */
  extraFilters?: FilterValues;
  sort: SortState | null;
  page: number;
  pageSize: number;
}): ServerPages {
  const rules = useMemo(() => listRules(schemas), []);
  const typed = useRequestedFilters(layout, values, rules.pagedFilterDelayMs);
  const filters = useMemo(() => ({ ...typed, ...extraFilters }), [typed, extraFilters]);
  const [counts, setCounts] = useState<{ count?: number; total?: number; failed: boolean }>({ failed: false });
  const numbering = layout.layout.rowNumbers;
  const sortedOrSearched = sort !== null || anyFilterActive(layout.layout.filters, filters);

  const { datasource, controller } = useMemo(() => {
    const controller = new AbortController();
    const datasource: IDatasource = {
      getRows(params) {
        const offset = page * pageSize + params.startRow;
        const limit = Math.min(params.endRow, pageSize) - params.startRow;
        fetchPage({ offset, limit, sort, filters, timeZone: TIME_ZONE }, controller.signal).then(
          (answer) => {
            if (controller.signal.aborted) return;
            setCounts({ count: answer.count, total: answer.total, failed: false });
            const rows = answer.rows.map((row, i): GridRow => ({ row, rowNumber: rowNumber(offset + i, answer.count, numbering, sortedOrSearched), slot: params.startRow + i }));
            params.successCallback(rows, Math.max(0, Math.min(pageSize, answer.count - page * pageSize)));
          },
          () => {
            if (controller.signal.aborted) return;
            setCounts((current) => ({ ...current, failed: true }));
            params.failCallback();
          },
        );
      },
    };
    return { datasource, controller };
  }, [fetchPage, filters, sort, page, pageSize, numbering, sortedOrSearched]);
  // A superseded page's request is aborted and its answer dropped.
  useEffect(() => () => controller.abort(), [controller]);

  const fetchAll = async (progress: (done: number, of: number) => void): Promise<GridRow[]> => {
    const rows: unknown[] = [];
    let count = Infinity;
    while (rows.length < count) {
      const answer = await fetchPage({ offset: rows.length, limit: rules.pageRowsMax, sort, filters, timeZone: TIME_ZONE }, new AbortController().signal);
      count = answer.count;
      if (answer.rows.length === 0) break;
      rows.push(...answer.rows);
      progress(Math.min(rows.length, count), count);
    }
    return rows.map((row, i) => ({ row, rowNumber: rowNumber(i, rows.length, numbering, sortedOrSearched), slot: i }));
  };

  return { datasource, count: counts.count, total: counts.total, failed: counts.failed, fetchAll };
}
