import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import en from '../../src/client/i18n/en.json';
import hr from '../../src/client/i18n/hr.json';
import { initI18n } from '../../src/client/i18n/i18n';
import { SchemaGrid, readTableLayout } from '../../src/client/engine/schema-grid';
import { SMALL_TABLE } from './support/small-schemas';

const i18n = initI18n({ hr, en });
const layout = readTableLayout(SMALL_TABLE);
const ROWS = [
  { pk: 1, name: 'gromacs/2023.3', created: '2026-01-10T09:00:00Z' },
  { pk: 2, name: 'amber/22', created: '2026-03-02T09:00:00Z' },
  { pk: 3, name: 'quantum-espresso/7.2', created: '2025-11-20T09:00:00Z' },
];

/** The names in the grid's body, top to bottom. */
function shownNames(container: HTMLElement): string[] {
  return [...container.querySelectorAll('.ag-grid-scrolling-container .ag-row')]
    .sort((a, b) => Number(a.getAttribute('row-index')) - Number(b.getAttribute('row-index')))
    .map((row) => row.querySelector('[col-id="name"]')?.textContent ?? '');
}

/** The header texts of the grid, left to right. */
function headers(container: HTMLElement): string[] {
  return [...container.querySelectorAll('.ag-header-cell-text')].map((h) => h.textContent ?? '');
}

/** Renders the grid and waits for its AG Grid chunk (loaded lazily, as in the browser) to draw the rows. */
async function renderGrid() {
  const view = render(
    <I18nextProvider i18n={i18n}>
      <SchemaGrid layout={layout} data={ROWS} />
    </I18nextProvider>,
  );
  await waitFor(() => expect(shownNames(view.container)).toHaveLength(3), { timeout: 20_000 });
  return view;
}

const header = (container: HTMLElement, text: string) =>
  [...container.querySelectorAll('.ag-header-cell')].find((h) => h.querySelector('.ag-header-cell-text')?.textContent === text) as HTMLElement;

describe('SchemaGrid from a small layout', () => {
  beforeEach(async () => {
    await act(() => i18n.changeLanguage('hr'));
  });

  it('renders the columns of the layout with their headers and every row', async () => {
    const { container } = await renderGrid();
    expect(headers(container)).toEqual(['#', 'Modulefile', 'Dodan']);
    expect(shownNames(container)).toEqual(['gromacs/2023.3', 'amber/22', 'quantum-espresso/7.2']);
    expect(screen.getByTestId('grid-count')).toHaveTextContent('1–3 od 3');
  });

  it('filters by the text filter of the layout', async () => {
    const { container } = await renderGrid();
    fireEvent.change(screen.getByLabelText(i18n.t('grid.filters.module')), { target: { value: 'amber' } });
    await waitFor(() => expect(shownNames(container)).toEqual(['amber/22']));
  });

  it('sorts by a column when its header is clicked, then the other way', async () => {
    const { container } = await renderGrid();
    fireEvent.click(header(container, 'Modulefile').querySelector('.ag-header-cell-label') as HTMLElement);
    await waitFor(() => expect(shownNames(container)).toEqual(['amber/22', 'gromacs/2023.3', 'quantum-espresso/7.2']));
    fireEvent.click(header(container, 'Modulefile').querySelector('.ag-header-cell-label') as HTMLElement);
    await waitFor(() => expect(shownNames(container)).toEqual(['quantum-espresso/7.2', 'gromacs/2023.3', 'amber/22']));
  });

  it('writes its headers in English after the language changes', async () => {
    const { container } = await renderGrid();
    await act(() => i18n.changeLanguage('en'));
    await waitFor(() => expect(headers(container)).toEqual(['#', 'Modulefile', 'Added']), { timeout: 20_000 });
  });
});
