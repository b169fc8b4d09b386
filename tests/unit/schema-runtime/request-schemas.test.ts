import { formatIssue } from '../../../src/schema-runtime';
import { loadSchemaSet } from '../../../src/schema-runtime/node';

const schemas = loadSchemaSet();
const domains = [
  { name: { label: 'Tehničke znanosti', value: 'Tehničke znanosti' }, percent: 100, scientificfields: [{ name: { label: 'Računarstvo', value: 'Računarstvo' }, percent: 100 }] },
];
const practical = {
  name: 'Paralelno programiranje',
  reason: 'Vježbe iz MPI-ja',
  date_start: '2026-03-01',
  date_end: '2026-07-01',
  science_field: domains,
  project_type: 'practical',
  state: 'submit',
};

describe('request schemas', () => {
  it('has a form schema in requests/ for every request type of the index', () => {
    for (const type of schemas.vocabulary<{ form: string }>('requests/index')) {
      expect(() => schemas.schema(`requests/${type.form}`)).not.toThrow();
    }
  });

  it('accepts a complete practical-class request', () => {
    expect(schemas.validate('requests/practical-class', practical)).toEqual({ valid: true, issues: [] });
  });

  it("marks each missing required field 'Obvezno'", () => {
    const { issues } = schemas.validate('requests/practical-class', { ...practical, name: '', reason: undefined });
    expect(issues.filter((i) => i.key === 'required').map((i) => i.path).sort()).toEqual(['/name', '/reason']);
    expect(formatIssue(issues[0])).toBe('Obvezno');
  });

  it('fails with the date message when the start is after the end', () => {
    const { issues } = schemas.validate('requests/practical-class', { ...practical, date_start: '2026-08-01' });
    expect(issues.map((i) => formatIssue(i))).toEqual(['Zahtjev nije bilo moguće podnijeti - validacija datuma neuspješna']);
  });

  it('refuses a date past the ceiling', () => {
    const { issues } = schemas.validate('requests/practical-class', { ...practical, date_end: '2027-02-02' });
    expect(issues).toEqual([expect.objectContaining({ path: '/date_end', key: 'dateTooLate' })]);
  });

  it('wants an institutional project to last exactly one year', () => {
    const base = { ...practical, project_type: 'research-institutional', date_start: '2026-02-01' };
    expect(schemas.validate('requests/institutional-project', { ...base, date_end: '2027-02-01' }).valid).toBe(true);
    const { issues } = schemas.validate('requests/institutional-project', { ...base, date_end: '2026-12-31' });
    expect(issues.map((i) => i.key)).toEqual(['institutionalYear']);
  });

  it('lets an institutional project started today end a year later, past the ceiling of picked dates', () => {
    const base = { ...practical, project_type: 'research-institutional' };
    expect(schemas.validate('requests/institutional-project', { ...base, date_start: '2026-11-21', date_end: '2027-11-21' }).valid).toBe(true);
    const { issues } = schemas.validate('requests/institutional-project', { ...base, date_start: '2027-03-01', date_end: '2028-03-01' });
    expect(issues).toEqual([expect.objectContaining({ path: '/date_start', key: 'dateTooLate' })]);
  });

  it('refuses a project type that does not belong to the form', () => {
    expect(schemas.validate('requests/practical-class', { ...practical, project_type: 'internal' }).valid).toBe(false);
  });

  it('requires the registry summary and the reason on a research request', () => {
    const { issues } = schemas.validate('requests/research-project', {
      croris_id: 1,
      croris_title: 'X',
      croris_summary: '',
      name: 'X',
      date_start: '2024-01-01',
      date_end: '2027-12-31',
      science_field: domains,
      project_type: 'research-croris',
      state: 'submit',
    });
    expect(issues.map((i) => [i.path, i.key]).sort()).toEqual([
      ['/croris_summary', 'required'],
      ['/reason', 'required'],
    ]);
  });
});
