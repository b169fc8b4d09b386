import { createSchemaCatalog } from '../../../src/schema-runtime/schema-catalog';
import { columnHeader, readTableLayout } from '../../../src/schema-runtime/table-layout';
import { shipped } from './shipped-docs';

const catalog = createSchemaCatalog(shipped);
const projects = catalog.schema('tables/projects');
const withLayout = (change: (doc: any) => void) => {
  const doc = structuredClone(projects) as any;
  change(doc);
  return doc;
};

describe('readTableLayout', () => {
  it('reads the id, title, columns and layout of a shipped grid', () => {
    const layout = readTableLayout(projects);
    expect(layout.id).toBe('https://portal.schemas/tables/projects.json');
    expect(layout.title).toMatch(/^[A-Z]/);
    expect(layout.columns.map((c) => c.field)).toContain('grant_runs_out');
    expect(layout.layout.list).toBe('projects-all');
    expect(layout.layout.filters.map((f) => f.key)).toEqual(['state', 'search', 'resources', 'type', 'date', 'people', 'runsOut']);
  });

  it('gives a layout without filters an empty list, and a document without title an empty title', () => {
    const layout = readTableLayout(withLayout((d) => {
      delete d.layout.filters;
      delete d.title;
    }));
    expect(layout.layout.filters).toEqual([]);
    expect(layout.title).toBe('');
  });

  it('refuses a document without $id, columns or layout, naming it', () => {
    expect(() => readTableLayout(withLayout((d) => delete d.$id))).toThrow('table layout ?: no $id');
    expect(() => readTableLayout(withLayout((d) => (d.columns = {})))).toThrow(`table layout ${projects.$id}: no columns list`);
    expect(() => readTableLayout(withLayout((d) => (d.layout = 'grid')))).toThrow(`table layout ${projects.$id}: no layout object`);
  });

  it('refuses a column without field or header (key, or text in hr and en), and two columns sharing a field', () => {
    expect(() => readTableLayout(withLayout((d) => d.columns.push({ headerKey: 'x' })))).toThrow(/a column has no field$/);
    expect(() => readTableLayout(withLayout((d) => d.columns.push({ field: 'extra' })))).toThrow(/column extra has no headerKey and no header in hr and en$/);
    expect(() => readTableLayout(withLayout((d) => d.columns.push({ field: 'extra', header: { hr: 'Dodatak' } })))).toThrow(/column extra has no headerKey and no header in hr and en$/);
    expect(readTableLayout(withLayout((d) => d.columns.push({ field: 'extra', header: { hr: 'Dodatak', en: 'Extra' } }))).columns.at(-1)).toMatchObject({ field: 'extra' });
    expect(() => readTableLayout(withLayout((d) => d.columns.push({ field: 'name', headerKey: 'x' })))).toThrow('two columns share the field name');
  });

  it('refuses a filter named like a page parameter', () => {
    for (const key of ['offset', 'limit', 'sort', 'order', 'tz'])
      expect(() => readTableLayout(withLayout((d) => (d.layout.filters[1].key = key)))).toThrow(`a filter may not be named ${key}`);
  });

  it('leaves a hidden column out of the grid and heads a column with staff’s text in the reader’s language', () => {
    const layout = readTableLayout(withLayout((d) => {
      d.columns[1].hidden = true;
      d.columns[2].header = { hr: 'Stanje', en: '' };
    }));
    expect(layout.columns.map((c) => c.field)).not.toContain((projects as any).columns[1].field);
    const column = layout.columns[1];
    expect(columnHeader(column, 'hr', (key) => `t:${key}`)).toBe('Stanje');
    expect(columnHeader(column, 'en', (key) => `t:${key}`)).toBe(`t:${column.headerKey}`);
  });

  it('refuses a default sort by a column that does not sort', () => {
    expect(() => readTableLayout(withLayout((d) => (d.layout.defaultSort = { field: 'rowNumber', direction: 'asc' })))).toThrow('the default sort names rowNumber, which is no shown sortable column');
  });
});
