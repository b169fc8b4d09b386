/**
 * GET grid-page/:grid: one page of a staff grid's list, filtered, sorted and cut in the database
 * (docs/decisions/0210-server-paging.md). Nothing of the whole list is built: one statement scans
 * the list's rows once for the counts and the window, and only the window's rows are written as
 * JSON — with the whole list's own expressions, so they are its items.
 */
import { sql } from 'kysely';
import type { DatabaseHandle } from '@/server/db/handle';
import type { SchemaSet } from '@/schema-runtime';
import { readTableLayout, type TableLayout } from '@/schema-runtime/table-layout';
import { resolveOptions, rowFilterValues } from '@/schema-runtime/grid-options';
import { isPagedList, listRules, readGridPageQuery, type GridPageProblem, type GridPageRequest } from '@/schema-runtime/grid-page-query';
import { ApiError, msg } from '@/server/errors';
import { orderSql, type OrderTerm } from '../lists/list-order';
import { checkLayout, filtersCondition, hasFilter, resolvePath, rowFilterCondition, sortTerm, type DatePatterns, type GridContext } from './compile-grid';
import { listCounts, type ListCounts } from './list-counts';
import { namesAnyOf } from '../lists/change-refs';
import { listSources, type ListSource, type Sql } from './queries';
import { sqlDatePattern } from '@/server/db/sql-date-pattern';

/** A grid that can be paged: its layout, its list and what its filters offer. */
interface PagedGrid {
  name: string;
  list: string;
  layout: TableLayout;
  source: ListSource;
  options: GridContext['options'];
  allowed: GridContext['allowed'];
  /** Whether a logged change can move the grid's counts; unset: any can (list-counts.ts). */
  countsMovedBy?: (refs: readonly string[]) => boolean;
}

/**
 * Which logged changes can move a grid's counts: those its list names, and for a row filter over
 * a field of the row those its fields name. A row filter over an array of the row (or a list that
 * does not say) leaves it unset: any change counts again.
 */
function countsMovedBy(source: ListSource, layout: TableLayout): PagedGrid['countsMovedBy'] {
  const rowFilter = layout.layout.rowFilter;
  const fieldKinds = !rowFilter ? [] : resolvePath(source, rowFilter.path).items ? undefined : source.fieldsMovedBy;
  const kinds = source.countsMovedBy && fieldKinds && [...source.countsMovedBy, ...fieldKinds];
  if (!kinds) return undefined;
  return (refs) => namesAnyOf(refs, kinds);
}

/** The pageable grids and how to answer a page of each. */
export interface GridPages {
  /** The grids by name (the layout's file name in schemas/tables/). */
  readonly grids: ReadonlyMap<string, PagedGrid>;
  /** The answer (api/grid-page.json) as JSON text; refuses a query the grid's layout cannot take. */
  page(grid: string, query: Record<string, string | string[] | undefined>): Promise<string>;
}

/** A refused page query in the caller's language. */
function refusal(grid: string, problem: GridPageProblem): ApiError {
  switch (problem.kind) {
    case 'unknownFilter':
      return new ApiError('badRequest', msg('gridFilterUnknown', { grid, key: problem.key }));
    case 'badValue':
      return new ApiError('badRequest', msg('gridFilterValue', { key: problem.key, value: problem.value }));
    case 'badSort':
      return new ApiError('badRequest', msg('gridSortUnknown', { grid, sort: problem.sort }));
    case 'limitTooHigh':
      return new ApiError('badRequest', msg('gridPageTooLong', { max: String(problem.max) }));
  }
}

function knownTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone });
    return true;
  } catch {
    return false;
  }
}

/**
 * The window's order: the sort, then the list's own. Over the list's own expressions (so an index
 * of them serves), or over the window's columns k, o0, o1 … with a prefix.
 */
function windowOrder(sort: (OrderTerm & { text: boolean }) | null, order: readonly OrderTerm[], over: ListSource | string): OrderTerm[] {
  if (typeof over !== 'string') return [...(sort ? [{ ...sort, sql: sql`${sort.sql}${sql.raw(sort.text ? ' COLLATE "C"' : '')}` }] : []), ...order];
  const column = (name: string) => sql.raw(`${over}${name}`);
  return [...(sort ? [{ ...sort, sql: column('k') }] : []), ...order.map((term, i) => ({ ...term, sql: column(`o${i}`) }))];
}

/**
 * The statements of a page. The window: the rows the layout shows and the filters leave, in the
 * sort's order and then the list's own, cut to the window, and only those written as JSON (in the
 * same order) — PostgreSQL walks an index where the order has one (the list's order, names by their
 * key). The counts: one pass over the list for its size and the rows the layout shows (kept between
 * calls, list-counts.ts); and, when a filter is set, the rows it leaves — a statement of its own,
 * so that the filter is a WHERE condition the trigram indexes serve (migration 0020), kept between
 * calls too by the filter's values.
 */
export function pageStatements(g: GridContext, request: GridPageRequest) {
  const sort = sortTerm(g, request.sort);
  const order = g.source.order;
  const shown = rowFilterCondition(g);
  const hit = filtersCondition(g, request.filters);
  // Sort keys compare by their bytes (they are built for that), whatever the database's collation.
  const key = sort ? sql`, ${sort.sql}${sql.raw(sort.text ? ' COLLATE "C"' : '')} AS k` : sql``;
  const columns = (terms: readonly OrderTerm[]) => sql.join(terms.map((term, i) => sql`, ${term.sql} AS ${sql.raw(`o${i}`)}`), sql``);
  const choosing = g.source.choosingFrom ?? g.source.from;
  const rows = (where: Sql, terms: readonly OrderTerm[], ordered: readonly OrderTerm[], limit: number, offset: number) => sql`
      SELECT ${g.source.id} AS id ${key} ${columns(terms)}
        FROM ${choosing}
       WHERE ${g.source.where} AND ${shown} AND ${hit} AND ${where}
       ORDER BY ${orderSql(windowOrder(sort, ordered, g.source))}
       LIMIT ${limit} OFFSET ${offset}`;
  const [first, ...rest] = order;
  // A list's order that starts with a flag (users without memberships first) is read as one
  // window per value of the flag, each in the rest of the order (which an index serves), and the
  // page cut from the two: no reading of every row to learn its flag before the first page (a
  // flag is true or false, never NULL).
  const split = !sort && first?.as === 'flag' && rest.length > 0;
  const parts = (flag: boolean) => rows(flag ? first.sql : sql`NOT ${first.sql}`, [{ ...first, sql: sql.lit(flag) }, ...rest], rest, request.offset + request.limit, 0);
  const window = sql<{ rows: string }>`
    WITH win AS (${
      split
        ? sql`SELECT * FROM ((${parts(false)}) UNION ALL (${parts(true)})) AS parts
       ORDER BY ${orderSql(windowOrder(null, order, 'parts.'))}
       LIMIT ${request.limit} OFFSET ${request.offset}`
        : rows(sql`true`, order, order, request.limit, request.offset)
    })
    SELECT coalesce(json_agg(${g.source.rowJson} ORDER BY ${orderSql(windowOrder(sort, order, 'win.'))}), '[]'::json)::text AS rows
      FROM ${g.source.from} JOIN win ON win.id = ${g.source.id}`;
  const counts = sql<ListCounts>`
    SELECT count(*)::int AS size, count(*) FILTER (WHERE ${shown})::int AS total
      FROM ${choosing}
     WHERE ${g.source.where}`;
  const filtered = hasFilter(g, request.filters)
    ? sql<{ count: number }>`SELECT count(*)::int AS count FROM ${choosing} WHERE ${g.source.where} AND ${shown} AND ${hit}`
    : null;
  return { window, counts, filtered };
}

/**
 * The pageable grids of the schema set: every layout of `schemas/tables/` that names a list the
 * server can page, each compiled once.
 *
 * @throws when a layout names a path, format or sort its list cannot serve
 */
export function gridPages(db: DatabaseHandle, schemas: SchemaSet): GridPages {
  const sources = listSources(schemas);
  const rules = listRules(schemas);
  const patterns: DatePatterns = {
    date: sqlDatePattern(schemas.constants.dateFormat),
    dateTime: sqlDatePattern(`${schemas.constants.dateFormat} ${schemas.constants.timeFormat}`),
  };
  const vocabulary = (id: string) => schemas.vocabulary(id);
  const grids = new Map<string, PagedGrid>();
  for (const id of schemas.ids.filter((i) => i.includes('/tables/'))) {
    const layout = readTableLayout(schemas.schema(id));
    const list = layout.layout.list;
    const source = list === undefined ? undefined : sources[list];
    if (!list || !source) continue;
    const grid: PagedGrid = { name: id.replace(/^.*\/tables\//, '').replace(/\.json$/, ''), list, layout, source, options: resolveOptions(layout, vocabulary), allowed: rowFilterValues(layout, vocabulary) };
    checkLayout({ ...grid, patterns, timeZone: 'UTC' });
    grid.countsMovedBy = countsMovedBy(source, layout);
    grids.set(grid.name, grid);
  }

  const kept = listCounts(db);

  async function run(grid: PagedGrid, request: GridPageRequest): Promise<string> {
    const { window, counts, filtered } = pageStatements({ ...grid, patterns, timeZone: request.timeZone }, request);
    // A filter's count is kept too, by its values (and the time zone its dates are read in): the
    // next page of the same filter, or another sort of it, does not count again. Any logged change
    // counts it again (a filter can read any field the list shows).
    const filterKey = `${grid.name}\n${JSON.stringify(request.filters)}\n${request.timeZone}`;
    const log = kept.readLog();
    const [rows, { size, total }, hits] = await Promise.all([
      window.execute(db),
      log.then((read) => kept.counts(read, grid.name, counts, grid.countsMovedBy)),
      filtered && log.then((read) => kept.counts(read, filterKey, filtered)),
    ]);
    const count = hits ? hits.count : total;
    return `{"count":${count},"total":${total},"paged":${isPagedList(rules, grid.list, size)},"rows":${rows.rows[0].rows}}`;
  }

  return {
    grids,
    async page(name, query) {
      const grid = grids.get(name);
      if (!grid) throw new ApiError('notFound', msg('gridUnknown', { grid: name }));
      const read = readGridPageQuery(grid.layout, grid.options, query, {
        defaultRows: schemas.constants.defaultPageSize,
        maxRows: rules.pageRowsMax,
      });
      if ('problem' in read) throw refusal(name, read.problem);
      if (!knownTimeZone(read.request.timeZone)) throw new ApiError('badRequest', msg('gridTimeZoneUnknown', { tz: read.request.timeZone }));
      return run(grid, read.request);
    },
  };
}
