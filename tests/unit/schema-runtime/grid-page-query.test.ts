import {
  GRID_PAGE_PARAMS,
  gridPageSearch,
  isPagedList,
  listRules,
  readGridPageQuery,
  type GridPageRequest,
} from '../../../src/schema-runtime/grid-page-query';
import { resolveOptions } from '../../../src/schema-runtime/grid-options';
import { createSchemaCatalog } from '../../../src/schema-runtime/schema-catalog';
import { readTableLayout } from '../../../src/schema-runtime/table-layout';
import { shipped } from './shipped-docs';

const catalog = createSchemaCatalog(shipped);
const projects = readTableLayout(catalog.schema('tables/projects'));
const options = resolveOptions(projects, (id) => catalog.vocabulary(id));
const limits = { defaultRows: 30, maxRows: 1000 };
const read = (query: Record<string, string | string[] | undefined>) => readGridPageQuery(projects, options, query, limits);
const request = (extra: Partial<GridPageRequest> = {}): GridPageRequest => ({ offset: 0, limit: 30, sort: null, filters: {}, timeZone: 'UTC', ...extra });

describe('listRules and isPagedList', () => {
  const rules = listRules(catalog);

  it('read rules/lists.json', () => {
    expect(rules.pageRowsMax).toBe(1000);
    expect(rules.lists['projects-all'].pagedFrom).toBe(10000);
  });

  it('page a list from its pagedFrom rows on, and never a list not named there', () => {
    expect(isPagedList(rules, 'projects-all', 9999)).toBe(false);
    expect(isPagedList(rules, 'projects-all', 10000)).toBe(true);
    expect(isPagedList(rules, 'software', 1_000_000)).toBe(false);
    expect(isPagedList(rules, undefined, 1_000_000)).toBe(false);
  });
});

describe('gridPageSearch', () => {
  it('writes the window, the time zone, the sort and only the filters that narrow', () => {
    const search = gridPageSearch(projects, request({
      offset: 60,
      sort: { field: 'grant_runs_out', direction: 'desc' },
      filters: { search: 'fer', resources: ['CPU', 'GPU'], runsOut: 'all', date: '  ' },
      timeZone: 'Europe/Zagreb',
    }));
    expect(search.toString()).toBe('offset=60&limit=30&tz=Europe%2FZagreb&sort=grant_runs_out&order=desc&search=fer&resources=CPU&resources=GPU');
  });
});

describe('readGridPageQuery', () => {
  it('reads back what gridPageSearch wrote', () => {
    const sent = request({ offset: 30, sort: { field: 'grant_used_percent', direction: 'asc' }, filters: { state: 'approve', resources: ['CPU'], runsOut: 'yes' }, timeZone: 'Europe/Zagreb' });
    const search = gridPageSearch(projects, sent);
    const query = Object.fromEntries([...new Set(search.keys())].map((k) => [k, k === 'resources' ? search.getAll(k) : String(search.get(k))]));
    expect(read(query)).toEqual({ request: sent });
  });

  it('fills the defaults: the first rows, no sort, UTC, and leaves out filters that do not narrow', () => {
    expect(read({ search: '', runsOut: 'all', resources: [], date: undefined })).toEqual({ request: request() });
    expect(read({ sort: 'grant_runs_out' })).toEqual({ request: request({ sort: { field: 'grant_runs_out', direction: 'asc' } }) });
  });

  it('refuses a filter the layout does not have, and a value a filter cannot hold', () => {
    expect(read({ searchName: 'ana' })).toEqual({ problem: { kind: 'unknownFilter', key: 'searchName' } });
    expect(read({ state: 'submit' })).toEqual({ problem: { kind: 'badValue', key: 'state', value: 'submit' } });
    expect(read({ resources: ['CPU', 'QUANTUM'] })).toEqual({ problem: { kind: 'badValue', key: 'resources', value: 'QUANTUM' } });
    expect(read({ runsOut: 'maybe' })).toEqual({ problem: { kind: 'badValue', key: 'runsOut', value: 'maybe' } });
    expect(read({ search: ['a', 'b'] })).toEqual({ problem: { kind: 'badValue', key: 'search', value: 'a,b' } });
  });

  it('refuses a sort by a column that does not sort, and more rows than the most', () => {
    expect(read({ sort: 'name' })).toEqual({ problem: { kind: 'badSort', sort: 'name' } });
    expect(read({ limit: '1001' })).toEqual({ problem: { kind: 'limitTooHigh', max: 1000 } });
    expect(read({ limit: '1000' })).toEqual({ request: request({ limit: 1000 }) });
  });

  it('never takes a page parameter for a filter', () => {
    expect(GRID_PAGE_PARAMS).toEqual(['offset', 'limit', 'sort', 'order', 'tz']);
    expect(read({ order: 'desc', tz: 'Europe/Zagreb' })).toEqual({ request: request({ timeZone: 'Europe/Zagreb' }) });
  });
});
