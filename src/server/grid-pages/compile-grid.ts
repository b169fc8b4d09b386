/**
 * A grid layout's filters, row filter and sorts as SQL over a list (queries.ts, the lists' sources): the server's
 * interpreter of the rules the browser's `rowPredicate` and `sortRows` apply to a whole list. Every
 * case follows the browser's: a text filter is a case-insensitive substring of any of its paths'
 * texts (dates in the shown format, people as "First Last"); 'all' in a dropdown is any value its
 * vocabulary knows; an option with `euroMatch` tests its `euroPath`; a multi filter needs every
 * chosen value; yes/no tests for a count above 0 or true; a sort compares the sort keys of the
 * column's paths' texts and keeps the list's order among equals. tests/api/grid-page-agreement.test.ts
 * holds the two interpreters to the same rows in the same order.
 */
import { sql, type RawBuilder } from 'kysely';
import type { ColumnSpec, FilterSpec, TableLayout, ValueFormat } from '@/schema-runtime/table-layout';
import { isFilterActive, textNeedle, YES_NO, type FilterValues, type ResolvedOptions, type SortState } from '@/schema-runtime/grid-filters';
import { sortKeySql } from '@/server/db/sort-key-sql';
import type { OrderTerm } from '../lists/list-order';
import type { FieldSql, ListSource, Sql } from './queries';

type Condition = RawBuilder<boolean>;

/** How the grids write dates: to_char patterns of rules/constants.json's formats (db/sql-date-pattern.ts). */
export interface DatePatterns {
  date: string;
  dateTime: string;
}

/** Where a layout path's values are: a field of the row, or of the items of one of its arrays. */
interface ResolvedPath {
  field: FieldSql;
  items?: { from: Sql; where: Condition; owner?: Sql; row: Sql };
}

const SELECTOR_STEP = /^([^.[\]]+)(?:\[([^=\]]+)=([^\]]*)\])?(?:\.(.+))?$/;

/**
 * Resolves a layout path on a list: a field (`name`, `state.name`, `$`) or an array's items
 * (`projects.identifier`, `userproject_set[role.name=lead].user`).
 *
 * @throws when the list has no such path
 */
export function resolvePath(source: ListSource, path: string): ResolvedPath {
  const field = source.fields[path];
  if (field) return { field };
  const [, name, selectorPath, selectorValue, rest] = SELECTOR_STEP.exec(path) ?? [];
  const collection = name === undefined ? undefined : source.collections[name];
  const itemField = collection?.fields[rest ?? ''];
  if (!collection || !itemField) throw new Error(`grid page: the list has no path ${path}`);
  let where: Condition = collection.where ?? sql<boolean>`true`;
  if (selectorPath !== undefined) {
    const selector = collection.fields[selectorPath];
    if (!selector || selector.type === 'person') throw new Error(`grid page: the list cannot select ${path}`);
    where = sql<boolean>`${where} AND ${selector.sql}::text = ${selectorValue}`;
  }
  return { field: itemField, items: { from: collection.from, where, owner: collection.owner, row: source.id } };
}

/** Instants (ISO 8601 in UTC in the list's JSON) as the JSON writes them. */
const ISO_INSTANT = 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"';

/**
 * The text of a value in a format, as the browser's `formatValue` writes it: people as "First Last"
 * (or nothing outside personName), dates and instants in the shown pattern (instants in the
 * caller's time zone), everything else as `String(value)` of its JSON.
 *
 * @throws for a date format on a value that is no date
 */
function textOf(field: FieldSql, format: ValueFormat | undefined, patterns: DatePatterns, timeZone: string): Sql {
  const dated = format === 'date' || format === 'dateTime';
  switch (field.type) {
    case 'person':
      return format === 'personName' ? sql`btrim(${field.first} || ' ' || ${field.last})` : sql`''`;
    case 'date':
      return sql`to_char(${field.sql}, ${dated ? patterns[format] : 'YYYY-MM-DD'})`;
    case 'instant':
      return dated ? sql`to_char(${field.sql} AT TIME ZONE ${timeZone}, ${patterns[format]})` : sql`to_char(${field.sql} AT TIME ZONE 'UTC', ${ISO_INSTANT})`;
    default:
      if (dated) throw new Error(`grid page: a ${field.type} value cannot be shown as a ${format}`);
      return field.type === 'text' ? field.sql : sql`(${field.sql})::text`;
  }
}

/** Whether a value counts as yes in a yes/no filter (a count above 0, true, a text that is not empty). */
function truthy(field: FieldSql): Condition {
  if (field.type !== 'person' && field.truthy) return field.truthy;
  switch (field.type) {
    case 'number':
      return sql<boolean>`${field.sql} > 0`;
    case 'boolean':
      return sql<boolean>`${field.sql}`;
    case 'person':
      return sql<boolean>`false`;
    case 'text':
      return sql<boolean>`${field.sql} <> ''`;
    default:
      return sql<boolean>`${field.sql} IS NOT NULL`;
  }
}

/**
 * Some value at the path passes `test` (a row without a value there passes nothing). Items of other
 * tables are searched once for every row (PostgreSQL hashes the owners that pass), a row's own JSON
 * items row by row, a looked-up field in its own table. `positive`: the condition is never negated,
 * so NULL may stand for false and the test stays bare — `coalesce` around it would hide it from an
 * index of its expression.
 */
function someValue(path: ResolvedPath, test: (field: FieldSql) => Condition, positive = false): Condition {
  const items = path.items;
  const lookup = !items && path.field.type !== 'person' ? path.field.lookup : undefined;
  // A key never NULL, and a subquery that yields no NULL: the IN is true or false, never NULL.
  if (lookup) return sql<boolean>`${lookup.key} IN (SELECT ${lookup.id} FROM ${lookup.from} WHERE ${test(path.field)})`;
  if (!items) return positive ? test(path.field) : sql<boolean>`coalesce(${test(path.field)}, false)`;
  if (items.owner) return sql<boolean>`${items.row} IN (SELECT ${items.owner} FROM ${items.from} WHERE ${items.where} AND ${test(path.field)})`;
  return sql<boolean>`EXISTS (SELECT 1 FROM ${items.from} WHERE ${items.where} AND ${test(path.field)})`;
}

/**
 * Whether a text filter's needle finds the same rows in the text as in its lowered text, so that
 * the text need not be lowered: the needle is too short for a trigram index (under three
 * characters: every row is read anyway, and lowering each row's text is most of that read's cost)
 * and holds no letter (ASCII digits, spaces and punctuation — no character lowers into one of
 * them). Typing the start of an identifier, a year or a number is such a needle.
 */
export function matchesUnlowered(needle: string): boolean {
  return needle.length < 3 && /^[\x20-\x40\x5b-\x60\x7b-\x7e]*$/.test(needle);
}

/** Everything one grid request compiles with. */
export interface GridContext {
  source: ListSource;
  layout: TableLayout;
  options: ResolvedOptions;
  /** The row filter's values (rowFilterValues), or null when the layout shows every row. */
  allowed: Set<string> | null;
  patterns: DatePatterns;
  timeZone: string;
}

function anyOf(values: readonly string[]): RawBuilder<string[]> {
  return sql<string[]>`${[...values]}::text[]`;
}

/** The condition of one set filter, or null when it does not narrow. */
function filterCondition(g: GridContext, spec: FilterSpec, value: FilterValues[string]): Condition | null {
  if (!isFilterActive(spec, value)) return null;
  const text = (format?: ValueFormat) => (field: FieldSql) => textOf(field, format, g.patterns, g.timeZone);
  switch (spec.kind) {
    case 'text': {
      const needle = textNeedle(value);
      const pattern = `%${needle.replace(/[\\%_]/g, '\\$&')}%`;
      // LIKE with the needle escaped is strpos's substring test in the form a trigram index serves (migration 0020).
      // The database keeps some filters' texts lowered and joined by line breaks (migrations 0021,
      // 0024): one LIKE over one column; a needle with a line break could match across two texts.
      const stored = needle.includes('\n') ? undefined : g.source.storedTexts?.[`${spec.paths.join(',')}${spec.format ? `|${spec.format}` : ''}`];
      if (stored) return sql<boolean>`${stored} LIKE ${pattern}`;
      const unlowered = matchesUnlowered(needle);
      const searched = (f: FieldSql) => {
        // A person's kept text is "First Last", which is what personName shows and nothing else.
        if (f.lowered && (f.type !== 'person' || spec.format === 'personName')) return f.lowered;
        return unlowered ? text(spec.format)(f) : sql`lower(${text(spec.format)(f)})`;
      };
      const matches = (paths: string[]) => paths.map((p) => someValue(resolvePath(g.source, p), (f) => sql<boolean>`${searched(f)} LIKE ${pattern}`, true));
      return sql<boolean>`(${sql.join(matches(spec.paths), sql` OR `)})`;
    }
    case 'select': {
      const choices = g.options[spec.key] ?? [];
      const path = resolvePath(g.source, spec.path);
      if (value === spec.allValue) {
        const known = choices.map((c) => c.value).filter((v) => v !== spec.allValue);
        return someValue(path, (f) => sql<boolean>`${text()(f)} = ANY(${anyOf(known)})`);
      }
      const euroMatch = choices.find((c) => c.value === value)?.euroMatch;
      if (euroMatch && spec.euroPath) {
        const marker = euroMatch.toLowerCase();
        return someValue(resolvePath(g.source, spec.euroPath), (f) => sql<boolean>`strpos(lower(${text()(f)}), ${marker}) > 0`);
      }
      return someValue(path, (f) => sql<boolean>`${text()(f)} = ${value}`);
    }
    case 'multi': {
      const path = resolvePath(g.source, spec.path);
      return sql<boolean>`(${sql.join((value as string[]).map((w) => someValue(path, (f) => sql<boolean>`${text()(f)} = ${w}`)), sql` AND `)})`;
    }
    case 'yesNo': {
      const path = resolvePath(g.source, spec.path);
      // A field's own `truthy` is never NULL: bare, the planner may join it instead of testing each row.
      const some = !path.items && path.field.type !== 'person' && path.field.truthy ? path.field.truthy : someValue(path, truthy);
      return value === YES_NO.yes ? some : sql<boolean>`NOT ${some}`;
    }
  }
}

/** Whether any filter of the layout narrows the list. */
export function hasFilter(g: GridContext, values: FilterValues): boolean {
  return g.layout.layout.filters.some((spec) => isFilterActive(spec, values[spec.key]));
}

/** The rows every set filter lets through (true when none is set). */
export function filtersCondition(g: GridContext, values: FilterValues): Condition {
  const conditions = g.layout.layout.filters
    .map((spec) => filterCondition(g, spec, values[spec.key]))
    .filter((c): c is Condition => c !== null);
  return conditions.length === 0 ? sql<boolean>`true` : sql<boolean>`(${sql.join(conditions, sql` AND `)})`;
}

/** The rows the layout shows at all (its row filter; true without one). */
export function rowFilterCondition(g: GridContext): Condition {
  const rowFilter = g.layout.layout.rowFilter;
  if (!rowFilter || !g.allowed) return sql<boolean>`true`;
  return someValue(resolvePath(g.source, rowFilter.path), (f) => sql<boolean>`${textOf(f, undefined, g.patterns, g.timeZone)} = ANY(${anyOf([...g.allowed!])})`);
}

/** A looked-up field as a value of the row: read from its table by the row's key (the rows are chosen without joining it). */
function readByKey(field: FieldSql): FieldSql {
  if (field.type === 'person' || !field.lookup) return field;
  const { key, from, id } = field.lookup;
  return { type: field.type, sql: sql`(SELECT ${field.sql} FROM ${from} WHERE ${id} = ${key})` };
}

/** `sortKeySql` around an SQL expression with parameters. */
function sortKeyOf(expr: Sql): Sql {
  const marker = '\ue0ff';
  const [before, after] = sortKeySql(marker).split(marker);
  return sql`${sql.raw(before)}${expr}${sql.raw(after)}`;
}

/**
 * The value a sortable column's rows are ordered by: the sort key of the texts of its paths joined
 * by spaces, as the browser compares them — or, where the database keeps that key or a value in
 * the same order (an instant to the millisecond, a date, a count), that instead.
 *
 * @throws when the column has no sort, or a path holds several values
 */
export function sortValue(g: GridContext, column: ColumnSpec): { sql: Sql; text: boolean; nullable: boolean } {
  const spec = column.sort;
  if (!spec) throw new Error(`grid page: column ${column.field} does not sort`);
  const format: ValueFormat = spec.format === 'personName' ? 'personName' : 'text';
  const fields = spec.paths.map((p) => {
    const path = resolvePath(g.source, p);
    if (path.items) throw new Error(`grid page: cannot sort by ${p}, which holds several values`);
    return readByKey(path.field);
  });
  const stored = format === 'text' ? g.source.storedSortKeys?.[spec.paths.join(',')] : undefined;
  if (stored) return { sql: stored, text: true, nullable: false };
  const [only] = fields;
  if (fields.length === 1 && format === 'text') {
    // ISO instants to the millisecond and dates order as their keys do; counts are never negative.
    // In UTC, as the JSON writes it: the truncation of a timestamp without zone is immutable, so indexed (migration 0021).
    if (only.type === 'instant') return { sql: sql`date_trunc('milliseconds', ${only.sql} AT TIME ZONE 'UTC')`, text: false, nullable: true };
    if (only.type === 'date' || only.type === 'number') return { sql: only.sql, text: false, nullable: true };
  }
  const texts = fields.map((f) => sql`coalesce(${textOf(f, format, g.patterns, g.timeZone)}, '')`);
  return { sql: sortKeyOf(sql`(${sql.join(texts, sql` || ' ' || `)})`), text: true, nullable: false };
}

/**
 * The order term of a sort: its value, ascending or descending, rows without a value first when
 * ascending; `text` when the value is a sort key (compared by its bytes, COLLATE "C").
 */
export function sortTerm(g: GridContext, sort: SortState | null): (OrderTerm & { text: boolean }) | null {
  const column = sort ? g.layout.columns.find((c) => c.field === sort.field && c.sort) : undefined;
  if (!sort || !column) return null;
  const desc = sort.direction === 'desc';
  const value = sortValue(g, column);
  // A missing value is an empty text to the browser, first when ascending.
  return { sql: value.sql, text: value.text, desc, ...(value.nullable ? { nulls: desc ? 'last' : 'first' } : {}) };
}

/**
 * Compiles every path, format and sort of a layout once, so that a layout the list cannot serve
 * fails when the app starts, not on a staff member's keystroke.
 *
 * @throws as {@link resolvePath}, `textOf` and {@link sortValue} do
 */
export function checkLayout(g: GridContext): void {
  for (const spec of g.layout.layout.filters) {
    const paths = spec.kind === 'text' ? spec.paths : [spec.path, ...(spec.kind === 'select' && spec.euroPath ? [spec.euroPath] : [])];
    for (const p of paths) textOf(resolvePath(g.source, p).field, spec.kind === 'text' ? spec.format : undefined, g.patterns, g.timeZone);
  }
  rowFilterCondition(g);
  for (const column of g.layout.columns) if (column.sort) sortValue(g, column);
}
