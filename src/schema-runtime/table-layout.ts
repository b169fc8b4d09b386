/**
 * The shape of a grid layout file in `schemas/tables/`: a JSON Schema document whose `columns` and
 * `layout` annotations describe the grid. Read here without ajv or webpack, so the same code runs
 * in the browser, in unit tests and in scripts.
 */
/**
 * Query parameters of a grid page that are not filters (`grid-page-query.ts` reads them); a layout's
 * filter may not take one of these keys.
 */
export const GRID_PAGE_PARAMS = ['offset', 'limit', 'sort', 'order', 'tz'] as const;

/** Formats a value can be shown or searched in. */
export type ValueFormat = 'text' | 'date' | 'dateTime' | 'personName';

/** One column: the value it shows, its header, how it renders, sorts and how wide it is. */
export interface ColumnSpec {
  /** Stable id; also the dotted path of the value unless `renderer` reads more of the row. */
  field: string;
  /** i18n key of the header text; a column staff added has none and `header` in both languages instead. */
  headerKey?: string;
  /** The header text in each language, when staff gave one (it replaces `headerKey`'s text). */
  header?: { hr?: string; en?: string };
  /** Left out of the grid (and of its CSV export) while kept in the layout. */
  hidden?: boolean;
  /** Name of a cell renderer of the registry (see `cells/cell-renderers.tsx`); plain text when absent. */
  renderer?: string;
  /** Named options handed to the renderer (which copy toast, which link …). */
  params?: Record<string, unknown>;
  /** Sorting by clicking the header: the paths compared, in order, and how. */
  sort?: { paths: string[]; format?: ValueFormat };
  width?: number;
  minWidth?: number;
  /** Share of the spare width (AG Grid `flex`). */
  flex?: number;
  /** Row height follows this cell's content (lists of people, rows of tags). */
  autoHeight?: boolean;
}

/** Where a dropdown's options come from: a vocabulary of `rules/`, optionally narrowed by annotations. */
export interface OptionSource {
  vocabulary: string;
  where?: Record<string, unknown>;
}

/** A filter of the filter bar; `key` names it (the spec's searchName, searchSSHKey …). */
export type FilterSpec =
  | { key: string; kind: 'text'; labelKey: string; paths: string[]; format?: ValueFormat }
  | { key: string; kind: 'select'; labelKey: string; path: string; options: OptionSource; allValue: string; euroPath?: string }
  | { key: string; kind: 'multi'; labelKey: string; path: string; options: OptionSource }
  | { key: string; kind: 'yesNo'; labelKey: string; path: string };

/** How row numbers run: down from the total, or (on the users grid) up from 1 once sorted or searched. */
export type RowNumbering = 'countDown' | 'countDownUnlessSortedOrSearched';

/** Everything about a grid that is not a column. */
export interface GridLayout {
  /** The staff list that fills the grid (a list of rules/lists.json), when it may be paged on the server. */
  list?: string;
  /** The schema of the answer the rows come from (`api/projects-list.json`): what a plain column may show. */
  rows?: string;
  /** Rows shown at all (the projects grid shows no requests): a vocabulary-driven row filter. */
  rowFilter?: { path: string; options: OptionSource };
  filters: FilterSpec[];
  /** Name of a constant of rules/constants.json holding the default page size. */
  defaultPageSizeConstant: string;
  /** Name of a constant holding the page-size choices; 'all' is added when rows exceed the largest. */
  pageSizesConstant: string;
  /** This grid's page size, one of the choices; when absent, the constant `defaultPageSizeConstant`. */
  pageSize?: number;
  /** The order rows come in before anyone sorts: a column with `sort` and the direction. */
  defaultSort?: { field: string; direction: 'asc' | 'desc' };
  rowNumbers: RowNumbering;
  /** i18n key of the resource name in the pagination text ('projekata', 'korisnika'). */
  resourceKey: string;
  /** i18n key of the text shown when there are no rows at all. */
  emptyKey: string;
  /** i18n key of the text shown when the filters leave no row. */
  noMatchKey: string;
  /** File name (without extension) of the CSV export. */
  exportName: string;
}

/** The header a column shows in `lang`: staff's text when given, else the translation of its key. */
export function columnHeader(column: ColumnSpec, lang: 'hr' | 'en', translate: (key: string) => string): string {
  return column.header?.[lang] || (column.headerKey ? translate(column.headerKey) : column.field);
}

/** A grid layout file as read. */
export interface TableLayout {
  id: string;
  title: string;
  columns: ColumnSpec[];
  layout: GridLayout;
}

function fail(id: string, message: string): never {
  throw new Error(`table layout ${id}: ${message}`);
}

/**
 * Reads a layout document of `schemas/tables/`.
 *
 * @throws when the document has no `$id`, no `columns` list or no `layout` object, or a column lacks
 *   its field or a header (its key, or staff's text in hr and en), two columns share a field, a filter's key is a page parameter (offset …)
 *   or the default sort names no shown sortable column. Hidden columns are left out of `columns`.
 */
export function readTableLayout(doc: Record<string, unknown>): TableLayout {
  const id = typeof doc.$id === 'string' ? doc.$id : fail('?', 'no $id');
  const columns = Array.isArray(doc.columns) ? (doc.columns as ColumnSpec[]) : fail(id, 'no columns list');
  const layout = doc.layout && typeof doc.layout === 'object' ? (doc.layout as GridLayout) : fail(id, 'no layout object');
  const seen = new Set<string>();
  for (const column of columns) {
    if (typeof column.field !== 'string' || !column.field) fail(id, 'a column has no field');
    if (typeof column.headerKey !== 'string' && !(column.header?.hr && column.header?.en)) fail(id, `column ${column.field} has no headerKey and no header in hr and en`);
    if (seen.has(column.field)) fail(id, `two columns share the field ${column.field}`);
    seen.add(column.field);
  }
  const filters = layout.filters ?? [];
  // A page request carries the filters beside its window and sort (grid-page-query.ts).
  for (const filter of filters)
    if ((GRID_PAGE_PARAMS as readonly string[]).includes(filter.key)) fail(id, `a filter may not be named ${filter.key}`);
  // A hidden column is kept in the file for staff to show again; the grid, its sort and its export do without it.
  const shown = columns.filter((column) => column.hidden !== true);
  const sorted = layout.defaultSort;
  if (sorted && !shown.some((c) => c.field === sorted.field && c.sort)) fail(id, `the default sort names ${sorted.field}, which is no shown sortable column`);
  return { id, title: String(doc.title ?? ''), columns: shown, layout: { ...layout, filters } };
}
