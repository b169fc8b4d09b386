import { checkSchemaDocs, checkTableLayouts } from '../../../src/schema-runtime';
import { edited, examples, running, shipped } from './shipped-docs';

describe('grid layouts in the set check', () => {
  it('passes the shipped layouts, and a header text, a hidden column, a page size and a default sort staff may set', () => {
    expect(checkTableLayouts(shipped)).toEqual([]);
    const docs = edited('tables/software', (d) => {
      d.columns[1].header = { hr: 'Aplikacija', en: 'Application' };
      d.columns[2].hidden = true;
      d.layout.pageSize = 50;
      d.layout.defaultSort = { field: 'name', direction: 'desc' };
    });
    expect(checkTableLayouts(docs)).toEqual([]);
  });

  it('refuses a page size that is not among the grid’s choices at the page size', () => {
    const docs = edited('tables/software', (d) => (d.layout.pageSize = 25));
    const problem = { file: 'tables/software.json', pointer: '/layout/pageSize', reason: "the page size 25 is not one of the grid's page sizes 30, 50, 100" };
    expect(checkTableLayouts(docs)).toEqual([problem]);
    expect(checkSchemaDocs(docs, { examples, running })).toContainEqual(problem);
  });

  it('refuses a default sort by a hidden or unsortable column at its field, and a wrong direction at the direction', () => {
    const hidden = edited('tables/software', (d) => {
      d.columns[1].hidden = true;
      d.layout.defaultSort = { field: 'name', direction: 'asc' };
    });
    expect(checkTableLayouts(hidden)).toEqual([
      { file: 'tables/software.json', pointer: '/layout/defaultSort/field', reason: 'the default sort names name, which is no shown sortable column' },
    ]);
    const direction = edited('tables/software', (d) => (d.layout.defaultSort = { field: 'name', direction: 'up' }));
    expect(checkTableLayouts(direction)).toEqual([
      { file: 'tables/software.json', pointer: '/layout/defaultSort/direction', reason: 'the default sort\'s direction must be asc or desc (it is "up")' },
    ]);
  });

  it('refuses a header that is not a text per language, and a hidden that is not true or false', () => {
    const docs = edited('tables/software', (d) => {
      d.columns[0].header = { hr: 3 };
      d.columns[1].hidden = 'yes';
    });
    expect(checkTableLayouts(docs).map((p) => p.pointer)).toEqual(['/columns/0/header/hr', '/columns/1/hidden']);
  });

  it('passes a column staff added that shows a value of the rows, with its header in hr and en', () => {
    const docs = edited('tables/requests', (d) => d.columns.push({ field: 'institute', header: { hr: 'Ustanova', en: 'Institution' } }));
    expect(checkTableLayouts(docs)).toEqual([]);
  });

  it('refuses an added column without a value, with a value the rows do not carry, a field shown twice, or a header missing in one language', () => {
    const file = 'tables/requests.json';
    const empty = edited('tables/requests', (d) => d.columns.push({ header: { hr: 'Ustanova', en: 'Institution' } }));
    expect(checkTableLayouts(empty)).toEqual([{ file, pointer: '/columns/7/field', reason: 'a column needs the value it shows (its field is empty)' }]);
    const unknown = edited('tables/requests', (d) => d.columns.push({ field: 'budget', header: { hr: 'Proračun', en: 'Budget' } }));
    expect(checkTableLayouts(unknown)).toEqual([{ file, pointer: '/columns/7/field', reason: 'the rows of this grid carry no value "budget"' }]);
    const twice = edited('tables/requests', (d) => d.columns.push({ field: 'date_submitted', header: { hr: 'Predano', en: 'Submitted' } }));
    expect(checkTableLayouts(twice)).toEqual([{ file, pointer: '/columns/7/field', reason: 'two columns show "date_submitted"' }]);
    const oneLanguage = edited('tables/requests', (d) => d.columns.push({ field: 'institute', header: { hr: 'Ustanova' } }));
    expect(checkTableLayouts(oneLanguage)).toEqual([{ file, pointer: '/columns/7/header/en', reason: 'a column without a header key needs a header in en' }]);
  });
});
