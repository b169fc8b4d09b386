import { createSchemaCatalog } from '../../../src/schema-runtime/schema-catalog';
import { loadSchemaFiles } from '../../../src/schema-runtime/node';
import { readTableLayout } from '../../../src/schema-runtime/table-layout';
import { exportedText, toColumnDefs, type RendererRegistry } from '../../../src/client/engine/schema-grid/column-defs';
import { gridRows } from '../../../src/client/engine/schema-grid/grid-rows';
import { nextSort, pageSizeChoices, rowNumber, sortRows } from '../../../src/client/engine/schema-grid/sort-rows';
import { resolveOptions } from '../../../src/schema-runtime/grid-options';
import hr from '../../../src/client/i18n/hr.json';

const docs = loadSchemaFiles();
const catalog = createSchemaCatalog(docs);
const tableDocs = docs.filter((d) => d.$id.includes('/tables/'));
const formatters = { date: (v: string) => v, dateTime: (v: string) => v };
const RENDERER_NAMES = [
  'text', 'rowNumber', 'state', 'date', 'dateTime', 'dateRange', 'copy', 'typeBadge', 'resourceTags', 'people',
  'personName', 'projectSummary', 'userName', 'userLabels', 'projectBadges', 'keyCount', 'percent', 'action',
];
const fakeRegistry: RendererRegistry = Object.fromEntries(
  RENDERER_NAMES.map((name) => [name, { component: () => null, text: (p: { field: string }) => `${name}:${p.field}` }]),
);

function hasKey(key: string): boolean {
  return key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], hr) !== undefined;
}

describe('table layouts', () => {
  it('are one JSON Schema per grid with a PascalCase title and the layout annotations', () => {
    expect(tableDocs.map((d) => d.$id).sort()).toEqual(
      ['projects', 'requests', 'software', 'users-active', 'users-inactive'].map((n) => `https://portal.schemas/tables/${n}.json`),
    );
    for (const doc of tableDocs) {
      expect(doc.title).toMatch(/^[A-Z][A-Za-z0-9]*$/);
      expect(() => readTableLayout(doc)).not.toThrow();
    }
  });

  it('name only translation keys, renderers, constants and vocabularies that exist', () => {
    for (const doc of tableDocs) {
      const layout = readTableLayout(doc);
      const keys = [
        ...layout.columns.flatMap((c) => (c.headerKey ? [c.headerKey] : [])),
        ...layout.layout.filters.map((f) => f.labelKey),
        ...layout.columns.flatMap((c) => (typeof c.params?.resourcesLabelKey === 'string' ? [c.params.resourcesLabelKey] : [])),
        layout.layout.resourceKey,
        layout.layout.emptyKey,
        layout.layout.noMatchKey,
      ];
      for (const key of keys) expect({ id: layout.id, key, exists: hasKey(key) }).toEqual({ id: layout.id, key, exists: true });
      for (const column of layout.columns) expect(RENDERER_NAMES).toContain(column.renderer ?? 'text');
      expect(catalog.constants).toHaveProperty(layout.layout.defaultPageSizeConstant);
      expect(catalog.constants).toHaveProperty(layout.layout.pageSizesConstant);
      expect(() => resolveOptions(layout, (id) => catalog.vocabulary(id))).not.toThrow();
    }
  });

  it('adding a column to a copy of a table layout file shows it in the column definitions with no code edit', () => {
    const copy = structuredClone(catalog.schema('tables/projects')) as unknown as Record<string, unknown> & { columns: unknown[] };
    copy.columns.push({ field: 'date_submitted', headerKey: 'grid.columns.submitted', renderer: 'dateTime', width: 150, sort: { paths: ['date_submitted'] } });
    const defs = toColumnDefs(readTableLayout(copy).columns, (key) => `T(${key})`, fakeRegistry, null);
    const added = defs.find((d) => d.colId === 'date_submitted');
    expect(added).toMatchObject({ headerName: 'T(grid.columns.submitted)', width: 150, sortable: true });
    expect(defs).toHaveLength(readTableLayout(catalog.schema('tables/projects')).columns.length + 1);
    expect(exportedText(added!, { row: {}, rowNumber: 1, slot: 0 })).toBe('dateTime:date_submitted');
  });

  it('refuse a column naming an unknown renderer', () => {
    const layout = readTableLayout(catalog.schema('tables/software'));
    expect(() => toColumnDefs([{ field: 'x', headerKey: 'grid.columns.module', renderer: 'sparkline' }], String, fakeRegistry, null)).toThrow(/sparkline/);
    expect(layout.layout.defaultPageSizeConstant).toBe('softwarePageSize');
  });
});

describe('sorting and row numbers', () => {
  const users = [
    { last_name: 'Šarić', first_name: 'Tomislav', date_joined: '2024-01-01' },
    { last_name: 'Horvat', first_name: 'Ana', date_joined: '2023-01-01' },
    { last_name: 'Babić', first_name: 'Marko', date_joined: '2025-01-01' },
  ];
  const layout = readTableLayout(catalog.schema('tables/users-active'));
  const names = (r: { row: unknown }[]) => r.map((x) => (x.row as { last_name: string }).last_name);

  it('toggle asc/desc on the same column and clear the other on a new one', () => {
    expect(nextSort(null, 'last_name')).toEqual({ field: 'last_name', direction: 'asc' });
    expect(nextSort({ field: 'last_name', direction: 'asc' }, 'last_name')).toEqual({ field: 'last_name', direction: 'desc' });
    expect(nextSort({ field: 'last_name', direction: 'desc' }, 'date_joined')).toEqual({ field: 'date_joined', direction: 'asc' });
  });

  it('sort by name (Croatian collation) and by date joined', () => {
    expect(names(sortRows(users, { field: 'last_name', direction: 'asc' }, layout.columns, formatters).map((row) => ({ row })))).toEqual(['Babić', 'Horvat', 'Šarić']);
    expect(names(sortRows(users, { field: 'date_joined', direction: 'desc' }, layout.columns, formatters).map((row) => ({ row })))).toEqual(['Babić', 'Šarić', 'Horvat']);
  });

  it('count down from the total, and up from 1 on the users grid once sorted or searched', () => {
    const plain = gridRows(layout, users, {}, null, {}, null, formatters);
    expect(plain.rows.map((r) => r.rowNumber)).toEqual([3, 2, 1]);
    const sorted = gridRows(layout, users, {}, { field: 'last_name', direction: 'asc' }, {}, null, formatters);
    expect(sorted.rows.map((r) => r.rowNumber)).toEqual([1, 2, 3]);
    const searched = gridRows(layout, users, { searchName: 'a' }, null, {}, null, formatters);
    expect(searched.rows.map((r) => r.rowNumber)).toEqual([1, 2, 3]);
    expect(rowNumber(0, 10, 'countDown', true)).toBe(10);
  });

  it('offer page sizes by row count, with all past the largest', () => {
    expect(pageSizeChoices([30, 50, 100], 12)).toEqual({ sizes: [30], all: false });
    expect(pageSizeChoices([30, 50, 100], 45)).toEqual({ sizes: [30, 50], all: false });
    expect(pageSizeChoices([30, 50, 100], 250)).toEqual({ sizes: [30, 50, 100], all: true });
  });
});
