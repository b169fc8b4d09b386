/** @jest-environment ./tests/support/zagreb-environment.cjs */
import fc from 'fast-check';
import { gunzipSync } from 'node:zlib';
import { sql } from 'kysely';
import { createSchemaCatalog } from '../../src/schema-runtime/schema-catalog';
import { loadSchemaFiles } from '../../src/schema-runtime/node';
import { readTableLayout, type FilterSpec, type TableLayout } from '../../src/schema-runtime/table-layout';
import { resolveOptions, rowFilterValues } from '../../src/schema-runtime/grid-options';
import { YES_NO, type FilterValues, type SortState } from '../../src/schema-runtime/grid-filters';
import { gridPageSearch } from '../../src/schema-runtime/grid-page-query';
import { gridRows } from '../../src/client/engine/schema-grid/grid-rows';
import { textsAt } from '../../src/client/engine/schema-grid/row-values';
import { shownDate, shownDateTime } from '../../src/client/engine/schema-grid/cells/shown-dates';
import { startTestApp, type Caller, type TestApp } from '../../harness/test-app';
import { addGridRows } from '../support/grid-rows';
import { pageStatements } from '../../src/server/grid-pages/grid-page';
import { listSources } from '../../src/server/grid-pages/queries';
import { loadSchemaSet } from '../../src/schema-runtime/node';

/*
 * A layout is the one rule of a staff grid; two interpreters apply it: the browser (rowPredicate,
 * sortRows and row numbers over a whole list) and the server (the same filters and sort compiled to
 * SQL for a page of a list too big to send whole). For the demo data and generated rows with the
 * hard cases (Croatian letters and digraphs, case, equal names and instants, people near midnight
 * in the browser's time zone, empty and missing values), random filter, sort and window choices
 * must give the same rows in the same order, the same count and the same total.
 */
jest.mock('../../src/client/shared/schema-docs', () => {
  const docs = jest.requireActual('../../src/schema-runtime/node').loadSchemaFiles();
  return { schemaDocs: () => docs, schemaSetVersion: () => 0 };
});

// Dates of instants are shown in the browser's zone (the environment's: not UTC, so midnight matters).
const TIME_ZONE = 'Europe/Zagreb';
const FORMATTERS = { date: shownDate, dateTime: shownDateTime };
const catalog = createSchemaCatalog(loadSchemaFiles());
const vocabulary = (id: string) => catalog.vocabulary(id);
const RUNS = Number(process.env.AGREEMENT_RUNS ?? 150);
const schemas = loadSchemaSet();

const GRIDS: [grid: string, list: string][] = [
  ['projects', '/api/v1/internal/projects/all'],
  ['requests', '/api/v1/internal/projects/all'],
  ['users-active', '/api/v1/internal/active-users/'],
  ['users-inactive', '/api/v1/internal/inactive-users/'],
];

interface Row {
  id: number;
}

/** A filter value: mostly not set (so combinations still leave rows), or one the filter bar can hold, drawn from the rows' own texts and options. */
function filterValue(layout: TableLayout, spec: FilterSpec, rows: readonly Row[]): fc.Arbitrary<FilterValues[string]> {
  return fc.oneof({ arbitrary: fc.constant(undefined), weight: 2 }, { arbitrary: setValue(layout, spec, rows), weight: 1 });
}

function setValue(layout: TableLayout, spec: FilterSpec, rows: readonly Row[]): fc.Arbitrary<FilterValues[string]> {
  const options = resolveOptions(layout, vocabulary)[spec.key] ?? [];
  const values = options.map((o) => o.value);
  switch (spec.kind) {
    case 'text': {
      const texts = [...new Set(rows.flatMap((row) => textsAt(row, spec.paths, spec.format, FORMATTERS)))].filter(Boolean);
      const piece = fc
        .tuple(fc.constantFrom(...texts), fc.nat(), fc.integer({ min: 1, max: 6 }), fc.boolean())
        .map(([text, start, length, upper]) => {
          const from = start % text.length;
          const cut = text.slice(from, from + length);
          return upper ? cut.toUpperCase() : cut;
        });
      return fc.oneof({ arbitrary: piece, weight: 4 }, { arbitrary: fc.constantFrom('č', 'dž', 'lj', 'ić', '.20', '  ', 'zzz', ' a', '4', '20', '-', '@', '%', '_'), weight: 1 });
    }
    case 'select':
      return fc.constantFrom(...values);
    case 'multi':
      return fc.uniqueArray(fc.constantFrom(...values), { minLength: 1, maxLength: 2 });
    case 'yesNo':
      return fc.constantFrom(YES_NO.all, YES_NO.yes, YES_NO.no);
  }
}

interface Choice {
  values: FilterValues;
  sort: SortState | null;
  offset: number;
  limit: number;
}

function choices(layout: TableLayout, rows: readonly Row[]): fc.Arbitrary<Choice> {
  const filters = Object.fromEntries(layout.layout.filters.map((spec) => [spec.key, filterValue(layout, spec, rows)]));
  const sortable = layout.columns.filter((c) => c.sort).map((c) => c.field);
  const sort: fc.Arbitrary<SortState | null> = sortable.length
    ? fc.oneof(fc.constant(null), fc.record({ field: fc.constantFrom(...sortable), direction: fc.constantFrom('asc' as const, 'desc' as const) }))
    : fc.constant(null);
  return fc.record({
    values: fc.record(filters, { requiredKeys: [] }) as fc.Arbitrary<FilterValues>,
    sort,
    offset: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 80 })),
    limit: fc.constantFrom(0, 1, 7, 30, 100),
  });
}

describe('a page of a staff grid holds exactly the rows the browser shows for the same filters, sort and window', () => {
  let t: TestApp;
  let staff: Caller;
  beforeAll(async () => {
    t = await startTestApp();
    await addGridRows(t.ctx.db, 200, 80);
    staff = await t.login('staff');
    // The browser's local time here is Zagreb's.
    expect(shownDate('2024-01-13T23:30:00.000Z')).toBe('14.01.2024');
  });
  afterAll(() => t.close());

  it.each(GRIDS)('%s agrees with the browser over %s', async (grid, listUrl) => {
    const layout = readTableLayout(catalog.schema(`tables/${grid}`));
    const whole = await t.app.inject({ method: 'GET', url: listUrl, headers: { cookie: staff.cookie, 'accept-encoding': 'gzip' } });
    const rows = JSON.parse(gunzipSync(whole.rawPayload).toString('utf8')) as Row[];
    expect(rows.length).toBeGreaterThan(40);
    const options = resolveOptions(layout, vocabulary);
    const allowed = rowFilterValues(layout, vocabulary);
    let nonEmpty = 0;
    await fc.assert(
      fc.asyncProperty(choices(layout, rows), async ({ values, sort, offset, limit }) => {
        const shown = gridRows(layout, rows, values, sort, options, allowed, FORMATTERS);
        const search = gridPageSearch(layout, { offset, limit, sort, filters: values, timeZone: TIME_ZONE });
        const res = await t.app.inject({ method: 'GET', url: `/api/v1/internal/grid-page/${grid}?${search}`, headers: { cookie: staff.cookie } });
        expect(res.statusCode).toBe(200);
        const page = res.json() as { count: number; total: number; rows: Row[] };
        expect({ count: page.count, total: page.total }).toEqual({ count: shown.rows.length, total: shown.total });
        const expected = shown.rows.slice(offset, offset + limit).map((r) => (r.row as Row).id);
        expect(page.rows.map((r) => r.id)).toEqual(expected);
        if (expected.length > 0) nonEmpty += 1;
      }),
      { numRuns: RUNS },
    );
    // The choices reach rows, not only empty answers.
    expect(nonEmpty).toBeGreaterThan(RUNS / 4);
  });

  it("sorts and filters by a project's state and type, which the page reads by key rather than by a join", async () => {
    // The projects layout with its state and type columns sortable, and a text filter over both.
    const shipped = readTableLayout(catalog.schema('tables/projects'));
    const layout: TableLayout = {
      ...shipped,
      columns: shipped.columns.map((c) => (c.field === 'state.name' || c.field === 'project_type.name' ? { ...c, sort: { paths: [c.field] } } : c)),
      layout: { ...shipped.layout, filters: [...shipped.layout.filters, { key: 'lookup', kind: 'text', labelKey: 'grid.filters.search', paths: ['state.name', 'project_type.name'] }] },
    };
    const whole = await t.app.inject({ method: 'GET', url: '/api/v1/internal/projects/all', headers: { cookie: staff.cookie } });
    const rows = whole.json() as Row[];
    const options = resolveOptions(layout, vocabulary);
    const allowed = rowFilterValues(layout, vocabulary);
    const g = { source: listSources(schemas)['projects-all'], layout, options, allowed, patterns: { date: 'DD.MM.YYYY', dateTime: 'DD.MM.YYYY HH24:MI' }, timeZone: TIME_ZONE };
    const cases: { sort: SortState | null; filters: FilterValues }[] = [
      ...(['state.name', 'project_type.name'] as const).flatMap((field) => (['asc', 'desc'] as const).map((direction) => ({ sort: { field, direction }, filters: {} }))),
      { sort: null, filters: { lookup: 'ExPi' } },
      { sort: { field: 'state.name', direction: 'desc' }, filters: { lookup: 'research' } },
    ];
    for (const { sort, filters } of cases) {
      const shown = gridRows(layout, rows, filters, sort, options, allowed, FORMATTERS);
      const request = { offset: 3, limit: 40, sort, filters, timeZone: TIME_ZONE };
      const { window, filtered } = pageStatements(g, request);
      const page = JSON.parse((await window.execute(t.ctx.db)).rows[0].rows) as Row[];
      expect(page.map((r) => r.id)).toEqual(shown.rows.slice(3, 43).map((r) => (r.row as Row).id));
      if (filtered) expect((await filtered.execute(t.ctx.db)).rows[0].count).toBe(shown.rows.length);
      expect(shown.rows.length).toBeGreaterThan(3);
    }
  });

  it('sorts names in Croatian alphabetical order with the same ties, ascending and descending', async () => {
    const layout = readTableLayout(catalog.schema('tables/users-active'));
    const whole = await t.app.inject({ method: 'GET', url: '/api/v1/internal/active-users/', headers: { cookie: staff.cookie } });
    const rows = whole.json() as Row[];
    for (const direction of ['asc', 'desc'] as const) {
      const sort: SortState = { field: 'last_name', direction };
      const shown = gridRows(layout, rows, {}, sort, resolveOptions(layout, vocabulary), null, FORMATTERS);
      const search = gridPageSearch(layout, { offset: 0, limit: 1000, sort, filters: {}, timeZone: TIME_ZONE });
      const res = await t.app.inject({ method: 'GET', url: `/api/v1/internal/grid-page/users-active?${search}`, headers: { cookie: staff.cookie } });
      expect((res.json() as { rows: Row[] }).rows.map((r) => r.id)).toEqual(shown.rows.map((r) => (r.row as Row).id));
    }
    // The generated names hold every letter the Croatian alphabet orders on its own.
    const { rows: names } = await sql<{ last_name: string }>`SELECT last_name FROM users`.execute(t.ctx.db);
    const all = names.map((n) => n.last_name).join(' ');
    for (const letter of ['Č', 'Ć', 'Dž', 'Đ', 'Lj', 'Nj', 'Š', 'Ž']) expect(all).toContain(letter);
  });
});
