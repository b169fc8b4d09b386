import { act, renderHook } from '@testing-library/react';
import type { IGetRowsParams } from 'ag-grid-community';
import { readTableLayout } from '../../src/client/engine/schema-grid';
import { useServerPages, type GridPageAnswer, type GridPageFetch } from '../../src/client/engine/schema-grid/use-server-pages';
import type { GridPageRequest } from '../../src/schema-runtime/grid-page-query';
import type { FilterValues, SortState } from '../../src/schema-runtime/grid-filters';
import { SMALL_TABLE } from './support/small-schemas';

/**
 * The paged grid's hook, as AG Grid drives it: its datasource asks for a window of rows, the hook
 * asks the server for that page, numbers the rows and reports the counts; a newer request
 * supersedes the older one, a typed filter waits for a pause, and the export fetches every row.
 */
const layout = readTableLayout(SMALL_TABLE);
/** rules/lists.json: the wait after a keystroke and the rows of one export call. */
const FILTER_DELAY_MS = 16;
const PAGE_ROWS_MAX = 1000;

interface Call {
  request: GridPageRequest;
  signal: AbortSignal;
  answer(value: GridPageAnswer): Promise<void>;
  fail(): Promise<void>;
}

/** A server whose answers the test gives, one call at a time. */
function pendingServer() {
  const calls: Call[] = [];
  const fetchPage: GridPageFetch = (request, signal) =>
    new Promise((resolve, reject) => {
      calls.push({
        request,
        signal,
        answer: (value) => act(async () => resolve(value)),
        fail: () => act(async () => reject(new Error('503'))),
      });
    });
  return { calls, fetchPage };
}

/** AG Grid's side of a getRows call: what the hook handed back. */
function gridAsks(startRow: number, endRow: number) {
  const got: { rows?: unknown[]; lastRow?: number; failed: boolean } = { failed: false };
  const params = {
    startRow,
    endRow,
    successCallback: (rows: unknown[], lastRow?: number) => Object.assign(got, { rows, lastRow }),
    failCallback: () => Object.assign(got, { failed: true }),
  } as unknown as IGetRowsParams;
  return { params, got };
}

const names = (n: number, from = 0) => Array.from({ length: n }, (_, i) => ({ pk: from + i + 1, name: `module-${from + i + 1}` }));

interface Props {
  values: FilterValues;
  sort: SortState | null;
  page: number;
}

function renderPages(fetchPage: GridPageFetch, initial: Props = { values: {}, sort: null, page: 0 }) {
  const refresh = jest.fn();
  const view = renderHook((props: Props) => useServerPages({ layout, fetchPage, refresh, pageSize: 25, ...props }), { initialProps: initial });
  return { ...view, refresh };
}

describe('useServerPages', () => {
  afterEach(() => jest.useRealTimers());

  it('asks the server for the window the grid shows, on the page chosen, and numbers the rows down from the count', async () => {
    const server = pendingServer();
    const { result } = renderPages(server.fetchPage, { values: {}, sort: null, page: 2 });
    expect(result.current.count).toBeUndefined();
    const { params, got } = gridAsks(0, 100);
    result.current.datasource.getRows(params);
    expect(server.calls).toHaveLength(1);
    expect(server.calls[0].request).toMatchObject({ offset: 50, limit: 25, sort: null, filters: {} });
    expect(server.calls[0].request.timeZone).toEqual(expect.any(String));

    await server.calls[0].answer({ count: 60, total: 80, rows: names(10, 50) });
    // Ten rows are left on the third page of 60; the layout numbers them down (countDown).
    expect(got.lastRow).toBe(10);
    expect(got.rows).toHaveLength(10);
    expect(got.rows![0]).toEqual({ row: { pk: 51, name: 'module-51' }, rowNumber: 10, slot: 0 });
    expect(got.rows![9]).toMatchObject({ rowNumber: 1, slot: 9 });
    expect(result.current).toMatchObject({ count: 60, total: 80, failed: false });
  });

  it('reports a failed call to the grid and on its footer, keeping the last counts', async () => {
    const server = pendingServer();
    const { result } = renderPages(server.fetchPage);
    const first = gridAsks(0, 25);
    result.current.datasource.getRows(first.params);
    await server.calls[0].answer({ count: 3, total: 3, rows: names(3) });
    const second = gridAsks(0, 25);
    result.current.datasource.getRows(second.params);
    await server.calls[1].fail();
    expect(second.got.failed).toBe(true);
    expect(result.current).toMatchObject({ count: 3, total: 3, failed: true });
  });

  it('sorts at once: a new sort aborts the call in flight, refreshes the grid, and the late answer is dropped', async () => {
    const server = pendingServer();
    // The grid keeps its filter values in state: a sort leaves the same object.
    const values = {};
    const { result, rerender, refresh } = renderPages(server.fetchPage, { values, sort: null, page: 0 });
    const stale = gridAsks(0, 25);
    result.current.datasource.getRows(stale.params);
    expect(refresh).not.toHaveBeenCalled();

    rerender({ values, sort: { field: 'name', direction: 'asc' }, page: 0 });
    expect(server.calls[0].signal.aborted).toBe(true);
    expect(refresh).toHaveBeenCalledTimes(1);

    const fresh = gridAsks(0, 25);
    result.current.datasource.getRows(fresh.params);
    expect(server.calls[1].request.sort).toEqual({ field: 'name', direction: 'asc' });
    await server.calls[0].answer({ count: 99, total: 99, rows: names(25) });
    expect(stale.got.rows).toBeUndefined();
    expect(result.current.count).toBeUndefined();

    await server.calls[1].answer({ count: 3, total: 3, rows: names(3) });
    // The layout numbers down (countDown) whether sorted or not.
    expect(fresh.got.rows!.map((r) => (r as { rowNumber: number }).rowNumber)).toEqual([3, 2, 1]);
    expect(result.current.count).toBe(3);
  });

  it('waits until typing pauses before asking for a text filter, and asks once for keystrokes within the wait', () => {
    jest.useFakeTimers();
    const server = pendingServer();
    const { result, rerender, refresh } = renderPages(server.fetchPage);
    rerender({ values: { name: 'a' }, sort: null, page: 0 });
    rerender({ values: { name: 'am' }, sort: null, page: 0 });
    act(() => jest.advanceTimersByTime(FILTER_DELAY_MS - 1));
    expect(refresh).not.toHaveBeenCalled();
    act(() => jest.advanceTimersByTime(1));
    expect(refresh).toHaveBeenCalledTimes(1);

    const { params } = gridAsks(0, 25);
    result.current.datasource.getRows(params);
    expect(server.calls[0].request.filters).toEqual({ name: 'am' });
  });

  it('exports every row the filters leave, in pages of the rules\' size, telling how far it got', async () => {
    const server = pendingServer();
    const { result } = renderPages(server.fetchPage, { values: { name: 'mod' }, sort: { field: 'name', direction: 'desc' }, page: 0 });
    const progress: [number, number][] = [];
    const all = result.current.fetchAll((done, of) => progress.push([done, of]));

    await act(async () => undefined);
    expect(server.calls[0].request).toMatchObject({ offset: 0, limit: PAGE_ROWS_MAX, filters: { name: 'mod' }, sort: { field: 'name', direction: 'desc' } });
    await server.calls[0].answer({ count: 1500, total: 2000, rows: names(PAGE_ROWS_MAX) });
    expect(server.calls[1].request).toMatchObject({ offset: PAGE_ROWS_MAX, limit: PAGE_ROWS_MAX });
    await server.calls[1].answer({ count: 1500, total: 2000, rows: names(500, PAGE_ROWS_MAX) });

    const rows = await all;
    expect(rows).toHaveLength(1500);
    expect(progress).toEqual([
      [1000, 1500],
      [1500, 1500],
    ]);
    expect(rows[0]).toEqual({ row: { pk: 1, name: 'module-1' }, rowNumber: 1500, slot: 0 });
    expect(rows[1499]).toMatchObject({ rowNumber: 1, slot: 1499 });
  });

  it('ends an export whose rows run out before the count (rows deleted meanwhile)', async () => {
    const server = pendingServer();
    const { result } = renderPages(server.fetchPage);
    const all = result.current.fetchAll(() => undefined);
    await act(async () => undefined);
    await server.calls[0].answer({ count: 2000, total: 2000, rows: names(PAGE_ROWS_MAX) });
    await server.calls[1].answer({ count: 2000, total: 2000, rows: [] });
    expect(await all).toHaveLength(PAGE_ROWS_MAX);
    expect(server.calls).toHaveLength(2);
  });
});
