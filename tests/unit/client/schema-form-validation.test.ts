import type { RJSFValidationError } from '@rjsf/utils';
import { loadSchemaFiles, defaultSchemasDir } from '../../../src/schema-runtime/node';
import { createFormSchemas } from '../../../src/client/engine/schema-form/form-schemas';
import {
  failureToastOf,
  issuesToErrorSchema,
  issueToRjsfError,
  rjsfErrorsToIssues,
  type FormLocale,
} from '../../../src/client/engine/schema-form/form-errors';

const forms = createFormSchemas(loadSchemaFiles(defaultSchemasDir()));

const domain = (percent: number, fields: [string, number][], value = 'Prirodne znanosti') => ({
  name: { label: value, value },
  percent,
  scientificfields: fields.map(([field, p]) => ({ name: { label: field, value: field }, percent: p })),
});

const practical = (extra: Record<string, unknown> = {}) => ({
  name: 'Paralelno programiranje',
  reason: 'Vježbe iz MPI-ja',
  date_start: '2026-03-01',
  date_end: '2026-07-01',
  science_field: [domain(100, [['Fizika', 100]])],
  project_type: 'practical',
  state: 'submit',
  ...extra,
});

/** Validates as the form does on submit and returns RJSF's errors after our transformErrors. */
function validate(file: string, data: unknown, locale: FormLocale = 'hr'): RJSFValidationError[] {
  const { schema } = forms.form(file);
  const transform = (errors: RJSFValidationError[]) => rjsfErrorsToIssues(errors, schema).map((i) => issueToRjsfError(i, locale));
  return forms.validator('user').validateFormData(data, schema, undefined, transform).errors;
}

const at = (errors: RJSFValidationError[], property: string) => errors.filter((e) => e.property === property).map((e) => e.message);

describe('request form validation', () => {
  it('accepts a complete practical-class request', () => {
    expect(validate('practical-class.json', practical())).toEqual([]);
  });

  it('rejects domain shares that total 90%', () => {
    const errors = validate('practical-class.json', practical({ science_field: [domain(90, [['Fizika', 100]])] }));
    expect(at(errors, '.science_field')).toEqual(['Udjeli znanstvenih područja zajedno moraju biti 100%.']);
    expect(failureToastOf(errors.map((e) => e.name ?? ''))).toBe('science');
  });

  it('rejects field shares of a domain that do not total 100%', () => {
    const errors = validate('practical-class.json', practical({ science_field: [domain(100, [['Fizika', 60], ['Kemija', 30]])] }));
    expect(at(errors, '.science_field.0.scientificfields')).toEqual(['Udjeli znanstvenih polja zajedno u znanstvenom području moraju biti 100%.']);
  });

  it('rejects a field that appears twice', () => {
    const errors = validate('practical-class.json', practical({ science_field: [domain(100, [['Fizika', 50], ['Fizika', 50]])] }));
    expect(at(errors, '.science_field.0.scientificfields')).toEqual(['Neka znanstvena polja se pojavljuju više puta.']);
  });

  it('says 0-100 for a share outside 1..100', () => {
    const errors = validate('practical-class.json', practical({ science_field: [domain(100, [['Fizika', 101]])] }));
    expect(at(errors, '.science_field.0.scientificfields.0.percent')).toContain('0-100');
  });

  it('limits CPU cores to 6656 and every number to at least 1', () => {
    const errors = validate('practical-class.json', practical({ resources_numbers: { HPCnSlotsCPU: 6657, CLOUDnIPs: 0 } }));
    expect(at(errors, '.resources_numbers.HPCnSlotsCPU')).toEqual(['Broj ne može biti veći od 6656']);
    expect(at(errors, '.resources_numbers.CLOUDnIPs')).toEqual(['Broj ne može biti manji od 1']);
  });

  it('puts the date-order failure under the end date and asks for the date toast', () => {
    const errors = validate('practical-class.json', practical({ date_start: '2026-08-01', date_end: '2026-07-01' }));
    expect(at(errors, '.date_end')).toEqual(['Zahtjev nije bilo moguće podnijeti - validacija datuma neuspješna']);
    expect(failureToastOf(errors.map((e) => e.name ?? ''))).toBe('dates');
  });

  it('requires the name, explanation and dates with Obvezno', () => {
    const errors = validate('practical-class.json', practical({ name: '', reason: undefined, date_start: undefined }));
    expect(at(errors, '.name')).toEqual(['Obvezno']);
    // The toast names the empty fields, not only the science ones an empty form also fails.
    expect(failureToastOf([...errors.map((e) => e.name ?? ''), 'domainSharesTotal'])).toBe('required');
    expect(at(errors, '.reason')).toEqual(['Obvezno']);
    expect(at(errors, '.date_start')).toEqual(['Obvezno']);
  });

  it('speaks English when the language is en', () => {
    const errors = validate('practical-class.json', practical({ resources_numbers: { HPCnSlotsCPU: 6657 }, science_field: [domain(90, [['Fizika', 100]])] }), 'en');
    expect(at(errors, '.resources_numbers.HPCnSlotsCPU')).toEqual(['The number cannot be greater than 6656']);
    expect(at(errors, '.science_field')).toEqual(['Scientific domain shares must total 100%.']);
  });

  it('requires the research reason but not a name the registry fills in', () => {
    const errors = validate('research-project.json', {
      croris_id: 7, croris_title: 'T', croris_summary: 'S', name: 'T', date_start: '2024-01-01', date_end: '2027-12-31',
      science_field: [domain(100, [['Fizika', 100]])], project_type: 'research-croris', state: 'submit',
    });
    expect(errors.map((e) => e.message)).toEqual(['Obvezno']);
    expect(at(errors, '.reason')).toEqual(['Obvezno']);
  });
});

describe('server issues in place', () => {
  it('become an error tree at their fields, the date order under the end date', () => {
    const tree = issuesToErrorSchema(
      [
        { path: '/resources_numbers/HPCnSlotsCPU', key: 'numberTooLarge', params: { limit: 6656 } },
        { path: '', key: 'dateOrder', params: { start: 'date_start', end: 'date_end' } },
      ],
      'hr',
    ) as Record<string, Record<string, unknown>>;
    expect(tree.resources_numbers.HPCnSlotsCPU).toEqual({ __errors: ['Broj ne može biti veći od 6656'] });
    expect(tree.date_end).toEqual({ __errors: ['Zahtjev nije bilo moguće podnijeti - validacija datuma neuspješna'] });
  });
});

describe('the date ceiling', () => {
  it('is named as the form shows dates', () => {
    const errors = validate('practical-class.json', practical({ date_end: '2027-03-01' }));
    expect(at(errors, '.date_end')).toEqual(['Datum ne može biti kasniji od 01.02.2027']);
  });
});
