import type { GridApi, IRowNode, RowHeightParams } from 'ag-grid-community';
import { RowHeights } from '../../../src/client/engine/schema-grid/row-heights';
import type { GridRow } from '../../../src/client/engine/schema-grid/grid-types';

/*
 * The grid, its rows and the browser's ResizeObserver stand in as small fakes: what a caller sees
 * is the heights the rows get, the grid's row height, and one commit per batch of measurements.
 */
type Report = (entries: { target: object }[]) => void;
let report: Report = () => undefined;
const watched = new Set<object>();
class FakeResizeObserver {
  constructor(callback: Report) {
    report = callback;
  }
  observe(target: object) {
    watched.add(target);
  }
  unobserve(target: object) {
    watched.delete(target);
  }
  disconnect() {
    watched.clear();
  }
}
const THEME_ROW_HEIGHT = 42;
const CELL_PADDING = { paddingTop: '6px', paddingBottom: '6px', borderTopWidth: '1px', borderBottomWidth: '0px' };

beforeAll(() => {
  Object.assign(globalThis, { ResizeObserver: FakeResizeObserver, getComputedStyle: () => CELL_PADDING });
});
afterAll(() => {
  delete (globalThis as Record<string, unknown>).ResizeObserver;
  delete (globalThis as Record<string, unknown>).getComputedStyle;
});

function fakeApi() {
  const options: Record<string, unknown> = { rowHeight: THEME_ROW_HEIGHT };
  return {
    changed: 0,
    isDestroyed: () => false,
    getSizesForCurrentTheme: () => ({ rowHeight: THEME_ROW_HEIGHT }),
    onRowHeightChanged() {
      this.changed += 1;
    },
    getGridOption: (key: string) => options[key],
    setGridOption: (key: string, value: unknown) => (options[key] = value),
  };
}
const rowNode = (row: object, rowIndex: number | null = 0) => ({
  rowIndex,
  rowHeight: THEME_ROW_HEIGHT as number | undefined,
  data: { rowNumber: 1, row } as GridRow,
  setRowHeight(height: number) {
    this.rowHeight = height;
  },
});
const cell = (offsetHeight: number) => ({ offsetHeight, isConnected: true, closest: () => ({}) });

function setup(uniform = false) {
  const commits: number[] = [];
  const heights = new RowHeights((update) => {
    commits.push(1);
    update();
  }, uniform);
  const api = fakeApi();
  const watch = (element: object, node: ReturnType<typeof rowNode>, colId = 'people') =>
    heights.observe(element as unknown as Element, node as unknown as IRowNode, colId, api as unknown as GridApi);
  const estimate = (row: object) => heights.estimate({ data: { rowNumber: 1, row } } as RowHeightParams<GridRow>);
  return { heights, api, commits, watch, estimate };
}

describe('RowHeights', () => {
  it("gives a row its tallest measured cell with the cell's padding and border, in one commit", () => {
    const { api, commits, watch } = setup();
    const node = rowNode({ id: 1 });
    const [people, tags] = [cell(80), cell(50)];
    watch(people, node, 'people');
    watch(tags, node, 'tags');
    report([{ target: people }, { target: tags }]);
    expect(node.rowHeight).toBe(80 + 13);
    expect(commits).toHaveLength(1);
    expect(api.changed).toBe(1);
  });

  it("never makes a row lower than the theme's row height, and commits nothing when no height changes", () => {
    const { commits, watch } = setup();
    const node = rowNode({ id: 1 });
    const small = cell(10);
    watch(small, node);
    report([{ target: small }]);
    expect(node.rowHeight).toBe(THEME_ROW_HEIGHT);
    expect(commits).toHaveLength(0);
  });

  it('estimates a row by its last height, else the most common height, else nothing', () => {
    const { estimate, watch } = setup();
    const [a, b, c] = [{ id: 'a' }, { id: 'b' }, { id: 'c' }];
    expect(estimate(a)).toBeUndefined();
    const cells = [cell(60), cell(60), cell(100)];
    [a, b, c].forEach((row, i) => watch(cells[i], rowNode(row, i)));
    report(cells.map((target) => ({ target })));
    expect(estimate(c)).toBe(113);
    expect(estimate({ id: 'new' })).toBe(73);
  });

  it('stops measuring a cell once unwatched, and skips cells no longer shown', () => {
    const { commits, watch } = setup();
    const node = rowNode({ id: 1 });
    const gone = cell(200);
    watch(gone, node)();
    expect(watched.has(gone)).toBe(false);
    report([{ target: gone }]);
    const detached = { ...cell(200), isConnected: false };
    watch(detached, node);
    report([{ target: detached }]);
    expect(node.rowHeight).toBe(THEME_ROW_HEIGHT);
    expect(commits).toHaveLength(0);
  });

  it('gives every row the height of the tallest row shown when uniform', () => {
    const { api, watch } = setup(true);
    const [low, high, offScreen] = [cell(40), cell(90), cell(300)];
    watch(low, rowNode({ id: 1 }, 0));
    watch(high, rowNode({ id: 2 }, 1));
    watch(offScreen, rowNode({ id: 3 }, null));
    report([{ target: low }, { target: high }, { target: offScreen }]);
    expect(api.getGridOption('rowHeight')).toBe(103);
  });

  it('does nothing once the grid is destroyed, and lets every cell go on disconnect', () => {
    const { api, heights, commits, watch } = setup();
    api.isDestroyed = () => true;
    const node = rowNode({ id: 1 });
    const tall = cell(200);
    watch(tall, node);
    report([{ target: tall }]);
    expect(node.rowHeight).toBe(THEME_ROW_HEIGHT);
    heights.disconnect();
    expect(watched.size).toBe(0);
    expect(commits).toHaveLength(0);
  });
});
