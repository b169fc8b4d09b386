import type { ListRules } from '@generated';
import type { SchemaCatalog } from './schema-catalog';
import { GRID_PAGE_PARAMS, type FilterSpec, type TableLayout } from './table-layout';
import { isFilterActive, YES_NO, type FilterValues, type ResolvedOptions, type SortState } from './grid-filters';
import { readConsts } from './vocabulary';

// Declared beside the layout, which refuses filters of these names; page queries read them here.
export { GRID_PAGE_PARAMS };

/*
 * One page of a staff grid whose list is too big to send whole (rules/lists.json): the window, the
 * sort and the filters of the grid's layout, as the browser sends them in the query string of
 * GET /api/v1/internal/grid-page/:grid and as the server reads them back. The layout decides which
 * filter keys and values exist; both sides read it through this module.
 */

/** What a page is asked for. */
export interface GridPageRequest {
  /** The first matching row wanted (0-based) and how many from there. */
  offset: number;
  limit: number;
  sort: SortState | null;
  /** The filters that narrow, by key (the others are left out). */
  filters: FilterValues;
  /** IANA time zone that instants (date_joined …) are shown and searched in. */
  timeZone: string;
}

/** Why a page query is refused (the server words it in the caller's language). */
export type GridPageProblem =
  | { kind: 'unknownFilter'; key: string }
  | { kind: 'badValue'; key: string; value: string }
  | { kind: 'badSort'; sort: string }
  | { kind: 'limitTooHigh'; max: number };

/** The rules of rules/lists.json. */
export function listRules(catalog: SchemaCatalog): ListRules {
  return readConsts<ListRules>(catalog.schema('rules/lists'));
}

/** Whether a list of `rows` rows is paged on the server (its pagedFrom; a list not named there never is). */
export function isPagedList(rules: ListRules, list: string | undefined, rows: number): boolean {
  const entry = list === undefined ? undefined : (rules.lists as Record<string, { pagedFrom: number } | undefined>)[list];
  return entry !== undefined && rows >= entry.pagedFrom;
}

/** The query string of a page request: the window, the sort, the time zone and the filters that narrow. */
export function gridPageSearch(layout: TableLayout, request: GridPageRequest): URLSearchParams {
  const search = new URLSearchParams({ offset: String(request.offset), limit: String(request.limit), tz: request.timeZone });
  if (request.sort) {
    search.set('sort', request.sort.field);
    search.set('order', request.sort.direction);
  }
  for (const spec of layout.layout.filters) {
    const value = request.filters[spec.key];
    if (!isFilterActive(spec, value)) continue;
    for (const v of [value ?? []].flat()) search.append(spec.key, v);
  }
  return search;
}

/** The value of one filter as sent, or the reason it is refused. */
function filterValue(spec: FilterSpec, raw: string | string[], options: ResolvedOptions): string | string[] | GridPageProblem {
  const bad = (value: string): GridPageProblem => ({ kind: 'badValue', key: spec.key, value });
  const known = (value: string) => (options[spec.key] ?? []).some((o) => o.value === value);
  const list = [raw].flat();
  if (spec.kind === 'multi') {
    const unknown = list.find((v) => !known(v));
    return unknown === undefined ? list : bad(unknown);
  }
  if (Array.isArray(raw)) return bad(raw.join(','));
  if (spec.kind === 'select' && raw !== '' && !known(raw)) return bad(raw);
  if (spec.kind === 'yesNo' && raw !== '' && !Object.values<string>(YES_NO).includes(raw)) return bad(raw);
  return raw;
}

/**
 * Reads a page query (the query string as parsed, its shape already checked against
 * api/grid-page-query.json) for a layout: the filters by the layout's keys, each value one the
 * filter can hold (an option of a dropdown, yes/no/all), the sort a sortable column, the limit at
 * most `maxRows`. Filters that do not narrow are left out.
 */
export function readGridPageQuery(
  layout: TableLayout,
  options: ResolvedOptions,
  query: Record<string, string | string[] | undefined>,
  limits: { defaultRows: number; maxRows: number },
): { request: GridPageRequest } | { problem: GridPageProblem } {
  const filters: FilterValues = {};
  for (const [key, raw] of Object.entries(query)) {
    if (raw === undefined || (GRID_PAGE_PARAMS as readonly string[]).includes(key)) continue;
    const spec = layout.layout.filters.find((f) => f.key === key);
    if (!spec) return { problem: { kind: 'unknownFilter', key } };
    const value = filterValue(spec, raw, options);
    if (typeof value === 'object' && !Array.isArray(value)) return { problem: value };
    if (isFilterActive(spec, value)) filters[key] = value;
  }
  const number = (raw: unknown, fallback: number) => (typeof raw === 'string' ? Number(raw) : fallback);
  const offset = number(query.offset, 0);
  const limit = number(query.limit, limits.defaultRows);
  if (limit > limits.maxRows) return { problem: { kind: 'limitTooHigh', max: limits.maxRows } };
  let sort: SortState | null = null;
  if (typeof query.sort === 'string') {
    if (!layout.columns.some((c) => c.field === query.sort && c.sort)) return { problem: { kind: 'badSort', sort: query.sort } };
    sort = { field: query.sort, direction: query.order === 'desc' ? 'desc' : 'asc' };
  }
  const timeZone = typeof query.tz === 'string' ? query.tz : 'UTC';
  return { request: { offset, limit, sort, filters, timeZone } };
}
