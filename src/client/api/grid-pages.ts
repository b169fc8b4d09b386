import { useCallback } from 'react';
import type { GridPage } from '@generated';
import { gridPageSearch, type GridPageRequest } from '@/schema-runtime/grid-page-query';
import type { TableLayout } from '@/schema-runtime/table-layout';
import { api } from './api-slice';
import { gridPageAddress, PAGING_PROBE } from './first-calls';
import { PROJECT_LISTS, type ApiTag } from './tags';

/** The grid's name (its layout file, `tables/<grid>.json`) and the page's query string. */
interface PageArgs {
  grid: string;
  search: string;
}

/** A page holds a list of projects or of users: a change to either refreshes it. */
const tagOf = (grid: string): ApiTag => (grid.startsWith('users') ? 'Users' : PROJECT_LISTS);

export const gridPagesApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/v1/internal/grid-page/:grid (staff): one page of a staff grid's list, with its counts. */
    gridPage: build.query<GridPage, PageArgs>({
      query: ({ grid, search }) => gridPageAddress(grid, search),
      providesTags: (_result, _error, { grid }) => [tagOf(grid)],
    }),
  }),
});

const { useGridPageQuery, useLazyGridPageQuery } = gridPagesApi;

/**
 * Whether a staff grid pages on the server (its list has reached pagedFrom of rules/lists.json), as
 * the server says in a page of no rows; undefined until it answered.
 */
export function useGridPaging(grid: string): { paged: boolean | undefined; error: unknown } {
  const { data, error } = useGridPageQuery({ grid, search: PAGING_PROBE });
  return { paged: data?.paged, error };
}

/** Fetches pages of a staff grid for SchemaGrid's server paging (the engine imports no API). */
export function useGridPageFetch(grid: string, layout: TableLayout): (request: GridPageRequest, signal: AbortSignal) => Promise<GridPage> {
  const [trigger] = useLazyGridPageQuery();
  return useCallback(
    (request, signal) => {
      const call = trigger({ grid, search: gridPageSearch(layout, request).toString() });
      signal.addEventListener('abort', () => call.abort());
      return call.unwrap();
    },
    [trigger, grid, layout],
  );
}

/** What a staff page hands its SchemaGrid: the whole list, or the page fetcher when the list is paged on the server. */
export interface StaffGridSource<T> {
  data: T | undefined;
  loading: boolean;
  pages: ((request: GridPageRequest, signal: AbortSignal) => Promise<GridPage>) | undefined;
  /** Errors of the calls made (for the 403 redirect). */
  errors: unknown[];
}

/**
 * A staff grid's rows: its whole list below pagedFrom of rules/lists.json (nothing changes for
 * users there), pages from the server from that size on. Until the server said which, the grid
 * waits; should it not say, the whole list is read.
 *
 * @param useWhole - the whole list's query hook, skipped while the list is paged or undecided
 */
export function useStaffGridSource<T>(
  grid: string,
  layout: TableLayout,
  useWhole: (skip: boolean) => { data?: T; isLoading: boolean; error?: unknown },
): StaffGridSource<T> {
  const { paged, error } = useGridPaging(grid);
  const undecided = paged === undefined && !error;
  const whole = useWhole(paged === true || undecided);
  const pages = useGridPageFetch(grid, layout);
  return { data: whole.data, loading: undecided || whole.isLoading, pages: paged ? pages : undefined, errors: [error, whole.error] };
}
