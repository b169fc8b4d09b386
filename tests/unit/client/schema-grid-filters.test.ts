import { createSchemaCatalog } from '../../../src/schema-runtime/schema-catalog';
import { loadSchemaFiles } from '../../../src/schema-runtime/node';
import { readTableLayout, type TableLayout } from '../../../src/schema-runtime/table-layout';
import { resolveOptions, rowFilterValues } from '../../../src/schema-runtime/grid-options';
import { gridRows } from '../../../src/client/engine/schema-grid/grid-rows';
import { rowPredicate } from '../../../src/client/engine/schema-grid/filter-rows';
import type { FilterValues } from '../../../src/schema-runtime/grid-filters';
import { valuesAt } from '../../../src/client/engine/schema-grid/row-values';
import { createSearchIndex } from '../../../src/client/engine/schema-grid/search-index';

const docs = loadSchemaFiles();
const catalog = createSchemaCatalog(docs);
const vocabulary = (id: string) => catalog.vocabulary(id);
const layoutOf = (name: string): TableLayout => readTableLayout(catalog.schema(`tables/${name}`));
const formatters = { date: (v: string) => v.slice(0, 10).split('-').reverse().join('.'), dateTime: (v: string) => v };

const person = (username: string, first: string, last: string) => ({ id: 1, username, first_name: first, last_name: last });
const project = (identifier: string, state: string, type: string, extra: Record<string, unknown> = {}) => ({
  identifier,
  name: `Projekt ${identifier}`,
  institute: 'Fakultet elektrotehnike i računarstva',
  state: { name: state },
  project_type: { name: type },
  date_start: '2025-01-10',
  date_end: '2025-12-31',
  croris_finance: [] as string[],
  staff_resources_type: [] as { value: string }[],
  userproject_set: [
    { role: { name: 'collaborator' }, user: person('ikovacevic@pmf.hr', 'Ivan', 'Kovačević') },
    { role: { name: 'lead' }, user: person('ahorvat@fer.hr', 'Ana', 'Horvat') },
  ],
  ...extra,
});

const rows = [
  project('NRC-1', 'submit', 'internal'),
  project('IP-2022-1', 'approve', 'research-croris', { croris_finance: ['Hrvatska zaklada za znanost'], staff_resources_type: [{ value: 'CPU' }, { value: 'GPU' }] }),
  project('101081555', 'extend', 'research-croris', { croris_finance: ['European Commission'], staff_resources_type: [{ value: 'CPU' }], date_end: '2026-03-01' }),
  project('PRA-7', 'deny', 'practical', { name: 'Računalna grafika', institute: 'Prirodoslovno-matematički fakultet' }),
  project('PRA-8', 'approve-expire', 'practical', { userproject_set: [{ role: { name: 'lead' }, user: person('mnovak', 'Marija', 'Novak') }] }),
];

function shown(name: string, values: FilterValues): string[] {
  const layout = layoutOf(name);
  const result = gridRows(layout, rows, values, null, resolveOptions(layout, vocabulary), rowFilterValues(layout, vocabulary), formatters);
  return result.rows.map((r) => (r.row as { identifier: string }).identifier);
}

describe('grid filters', () => {
  it('show every request on the requests grid and only non-request states on the projects grid', () => {
    expect(shown('requests', {})).toEqual(['NRC-1', 'IP-2022-1', '101081555', 'PRA-7', 'PRA-8']);
    expect(shown('projects', {})).toEqual(['IP-2022-1', '101081555', 'PRA-8']);
  });

  it('match text case-insensitively as a substring of name, identifier or institute', () => {
    expect(shown('requests', { search: 'GRAFIKA' })).toEqual(['PRA-7']);
    expect(shown('requests', { search: 'ip-2022' })).toEqual(['IP-2022-1']);
    expect(shown('requests', { search: 'prirodoslovno' })).toEqual(['PRA-7']);
    expect(shown('requests', { search: '   ' })).toHaveLength(5);
  });

  it('filter by state, where all means any state the dropdown knows', () => {
    expect(shown('requests', { state: 'deny' })).toEqual(['PRA-7']);
    expect(shown('requests', { state: 'all' })).toHaveLength(5);
    expect(shown('projects', { state: 'all' })).toEqual(['IP-2022-1', '101081555', 'PRA-8']);
  });

  it('filter by type, with research-eu-croris matching a financier containing euro', () => {
    expect(shown('projects', { type: 'research-croris' })).toEqual(['IP-2022-1', '101081555']);
    expect(shown('projects', { type: 'research-eu-croris' })).toEqual(['101081555']);
    expect(shown('projects', { type: 'all' })).toHaveLength(3);
  });

  it('need every chosen resource type in the multi-select', () => {
    expect(shown('projects', { resources: ['CPU'] })).toEqual(['IP-2022-1', '101081555']);
    expect(shown('projects', { resources: ['CPU', 'GPU'] })).toEqual(['IP-2022-1']);
    expect(shown('projects', { resources: [] })).toHaveLength(3);
  });

  it('match dates as shown (dd.MM.yyyy) on start or end', () => {
    expect(shown('projects', { date: '01.03.2026' })).toEqual(['101081555']);
    expect(shown('projects', { date: '10.01' })).toHaveLength(3);
  });

  it('match people by full name on the projects grid and only leads on the requests grid', () => {
    expect(shown('projects', { people: 'ivan kova' })).toEqual(['IP-2022-1', '101081555']);
    expect(shown('requests', { lead: 'ivan' })).toEqual([]);
    expect(shown('requests', { lead: 'marija novak' })).toEqual(['PRA-8']);
  });

  it('combine filters: a row must pass all of them', () => {
    expect(shown('projects', { type: 'research-croris', date: '2026' })).toEqual(['101081555']);
  });
});

describe('users grid filters', () => {
  const users = [
    { username: 'ahorvat@fer.hr', first_name: 'Ana', last_name: 'Horvat', person_institution: 'FER', person_mail: 'ahorvat@fer.hr', person_username: 'ahorvat', n_ssh_key: 2, date_joined: '2023-05-02T10:00:00Z', projects: [{ identifier: 'IP-2022-1', role: 'lead' }] },
    { username: 'lmaric@fer.hr', first_name: 'Luka', last_name: 'Marić', person_institution: 'PMF', person_mail: 'lmaric@pmf.hr', person_username: 'lmaric', n_ssh_key: 0, date_joined: '2025-01-20T10:00:00Z', projects: [{ identifier: 'NRC-1', role: 'collaborator' }] },
  ];
  const layout = layoutOf('users-active');
  const names = (values: FilterValues) =>
    gridRows(layout, users, values, null, resolveOptions(layout, vocabulary), null, formatters).rows.map((r) => (r.row as { last_name: string }).last_name);

  it('filter by each column filter', () => {
    expect(names({ searchName: 'ana horvat' })).toEqual(['Horvat']);
    expect(names({ searchInstitution: 'pmf' })).toEqual(['Marić']);
    expect(names({ searchEmail: 'LMARIC' })).toEqual(['Marić']);
    expect(names({ searchJoined: '20.01.2025' })).toEqual(['Marić']);
    expect(names({ searchProject: 'ip-2022' })).toEqual(['Horvat']);
  });

  it('filter by public key: Svi / Da / Ne', () => {
    expect(names({ searchSSHKey: 'all' })).toEqual(['Horvat', 'Marić']);
    expect(names({ searchSSHKey: 'yes' })).toEqual(['Horvat']);
    expect(names({ searchSSHKey: 'no' })).toEqual(['Marić']);
  });
});

describe('row paths', () => {
  it('walk arrays and narrow them with a selector', () => {
    const row = rows[0];
    expect(valuesAt(row, 'userproject_set.user.last_name')).toEqual(['Kovačević', 'Horvat']);
    expect(valuesAt(row, 'userproject_set[role.name=lead].user.last_name')).toEqual(['Horvat']);
    expect(valuesAt(row, '$')).toEqual([row]);
  });

  it('a predicate with no filter set passes everything', () => {
    const pass = rowPredicate(layoutOf('projects').layout.filters, {}, {}, formatters);
    expect(rows.every(pass)).toBe(true);
  });
});

describe('search index', () => {
  const layout = layoutOf('projects');
  const options = resolveOptions(layout, vocabulary);
  const allowed = rowFilterValues(layout, vocabulary);
  const ids = (values: FilterValues, index?: ReturnType<typeof createSearchIndex>) =>
    gridRows(layout, rows, values, null, options, allowed, formatters, index).rows.map((r) => (r.row as { identifier: string }).identifier);

  it('finds the same rows as formatting every row on every keystroke', () => {
    const index = createSearchIndex(formatters);
    for (const values of [{ search: 'IP-2022' }, { search: 'ip-2022' }, { date: '01.03.2026' }, { people: 'ivan kova' }, { people: 'marija', type: 'practical' }, { search: 'nothing like it' }]) {
      expect(ids(values, index)).toEqual(ids(values));
    }
  });

  it('gives each shown row its place as its slot', () => {
    const shownRows = gridRows(layout, rows, { people: 'ana' }, null, options, allowed, formatters, createSearchIndex(formatters)).rows;
    expect(shownRows.map((r) => r.slot)).toEqual(shownRows.map((_r, i) => i));
  });
});
