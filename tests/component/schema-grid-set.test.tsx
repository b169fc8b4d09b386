import { act, render, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import en from '../../src/client/i18n/en.json';
import hr from '../../src/client/i18n/hr.json';
import { initI18n } from '../../src/client/i18n/i18n';
import { loadSchemaFiles } from '../../src/schema-runtime/node';
import { createSchemaCatalog } from '../../src/schema-runtime/schema-catalog';
import { SchemaGrid, readTableLayout } from '../../src/client/engine/schema-grid';
import { SchemaSetProvider } from '../../src/client/engine/schema-set-provider';
import { cellRenderers } from '../../src/client/engine/schema-grid/cells/cell-renderers';
import { SMALL_TABLE } from './support/small-schemas';

type Json = Record<string, any>;
const i18n = initI18n({ hr, en });

/** A grid of projects by state and type, filtered by the states that are no longer requests. */
const layout = readTableLayout({
  ...SMALL_TABLE,
  $id: 'https://portal.schemas/tables/component-states.json',
  title: 'ComponentStates',
  columns: [
    { field: 'name', headerKey: 'grid.columns.module', flex: 2 },
    { field: 'state.name', headerKey: 'grid.columns.state', renderer: 'state', width: 90 },
    { field: 'project_type.name', headerKey: 'grid.columns.type', renderer: 'typeBadge', width: 150 },
  ],
  layout: {
    ...SMALL_TABLE.layout,
    filters: [{ key: 'state', kind: 'select', labelKey: 'grid.filters.state', path: 'state.name', options: { vocabulary: 'rules/states', where: { isRequest: false } }, allValue: 'all' }],
  },
});
const ROWS = [{ name: 'Pokus', state: { name: 'approve' }, project_type: { name: 'research-croris' } }];

/** The portal's rules with the active state and the research type renamed, as a draft in the editor holds them. */
function draftCatalog() {
  const docs = loadSchemaFiles() as Json[];
  const renamed = docs.map((doc) => {
    if (doc.$id === 'https://portal.schemas/rules/states.json') {
      const copy = structuredClone(doc);
      copy.oneOf.find((s: Json) => s.const === 'approve').label = { hr: 'Aktivan iz nacrta', en: 'Active in the draft' };
      return copy;
    }
    if (doc.$id === 'https://portal.schemas/rules/project-types.json') {
      const copy = structuredClone(doc);
      copy.oneOf.find((t: Json) => t.const === 'research-croris').label = { hr: 'Istraživački iz nacrta', en: 'Research in the draft' };
      return copy;
    }
    return doc;
  });
  return createSchemaCatalog(renamed);
}

/** A grid over the rows, inside `wrap`; waits for AG Grid to draw the row. */
async function renderGrid(wrap: (grid: JSX.Element) => JSX.Element = (grid) => grid) {
  const view = render(<I18nextProvider i18n={i18n}>{wrap(<SchemaGrid layout={layout} data={ROWS} />)}</I18nextProvider>);
  await waitFor(() => expect(view.container.querySelector('.ag-row [col-id="name"]')).toHaveTextContent('Pokus'), { timeout: 20_000 });
  return view.container;
}

/** The state icon's name, the type badge's text and the state filter's choices as the grid shows them. */
function shown(container: HTMLElement) {
  const row = container.querySelector('.ag-row') as HTMLElement;
  const filter = container.querySelector('[data-filter="state"]') as HTMLElement;
  return {
    state: within(row).getByRole('img').getAttribute('aria-label'),
    type: row.querySelector('[col-id="project_type.name"] .type-badge')?.textContent,
    choices: within(filter)
      .getAllByRole('option')
      .map((o) => o.textContent),
  };
}

describe('SchemaGrid and the set it reads', () => {
  it('shows the labels of the set in use without a provider', async () => {
    await act(() => i18n.changeLanguage('hr'));
    const seen = shown(await renderGrid());
    expect(seen.state).toBe('Aktivan');
    expect(seen.type).toBe('Istraživački');
    expect(seen.choices).toContain('Aktivan');
    expect(seen.choices).not.toContain('Aktivan iz nacrta');
  });

  it("shows a given set's labels in its state icons, type badges and filter choices, in hr and en", async () => {
    const catalog = draftCatalog();
    await act(() => i18n.changeLanguage('hr'));
    const container = await renderGrid((grid) => <SchemaSetProvider catalog={catalog}>{grid}</SchemaSetProvider>);
    let seen = shown(container);
    expect(seen.state).toBe('Aktivan iz nacrta');
    expect(seen.type).toBe('Istraživački iz nacrta');
    expect(seen.choices).toContain('Aktivan iz nacrta');
    expect(seen.choices).not.toContain('Aktivan');

    await act(() => i18n.changeLanguage('en'));
    await waitFor(() => expect(shown(container).state).toBe('Active in the draft'), { timeout: 20_000 });
    seen = shown(container);
    expect(seen.type).toBe('Research in the draft');
    expect(seen.choices).toContain('Active in the draft');
  });

  it("writes a given set's labels in the CSV export's cells, and the set in use's without one", () => {
    const cell = { row: ROWS[0], rowNumber: 1, field: 'state.name', params: {}, lang: 'en' as const };
    expect(cellRenderers.state.text({ ...cell, catalog: draftCatalog() })).toBe('Active in the draft');
    expect(cellRenderers.state.text(cell)).toBe('Active');
    expect(cellRenderers.typeBadge.text({ ...cell, field: 'project_type.name', catalog: draftCatalog() })).toBe('Research in the draft');
  });
});
