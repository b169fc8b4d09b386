import type { UiSchema } from '@rjsf/utils';
import { dereferenceSchema } from '../../../src/client/engine/schema-form/dereference-schema';
import { formLayout, initialFormData } from '../../../src/client/engine/schema-form/form-layout';
import { createSchemaCatalog } from '../../../src/schema-runtime/schema-catalog';
import { loadSchemaFiles } from '../../../src/schema-runtime/node';

const catalog = createSchemaCatalog(loadSchemaFiles());
const practical = dereferenceSchema(catalog, 'requests/practical-class');
const practicalLayout = catalog.schema('requests/practical-class').uiSchema as UiSchema;
const mailPreferences = dereferenceSchema(catalog, 'api/mail-preferences');

describe('formLayout', () => {
  it("titles each field by its label in the form's language, keeping the written layout", () => {
    const hr = formLayout(practical, practicalLayout, 'hr', 'Pošalji');
    expect(hr.name).toEqual({ 'ui:title': 'Naziv projekta' });
    expect(hr.reason).toEqual({ ...practicalLayout.reason, 'ui:title': 'Obrazloženje zahtjeva' });
    expect(hr['ui:order']).toEqual(practicalLayout['ui:order']);
    expect(formLayout(practical, practicalLayout, 'en', 'Submit').date_end).toEqual({ 'ui:field': 'requestDate', 'ui:title': 'End of use' });
  });

  it('leaves a field without label as the layout wrote it', () => {
    expect(formLayout(practical, practicalLayout, 'hr', 'Pošalji').state).toEqual(practicalLayout.state);
  });

  it('names the choices of a vocabulary field by their labels', () => {
    const layout = formLayout(mailPreferences, {}, 'en', 'Save');
    expect(layout.language).toEqual({ 'ui:title': 'Language of e-mails', oneOf: [{ 'ui:title': 'Croatian' }, { 'ui:title': 'English' }] });
  });

  it('gives the submit button its text, shows it disabled when blocked, and hides it for no text', () => {
    expect(formLayout(practical, {}, 'hr', 'Pošalji')['ui:submitButtonOptions']).toEqual({ submitText: 'Pošalji' });
    expect(formLayout(practical, {}, 'hr', 'Pošalji', true)['ui:submitButtonOptions']).toEqual({ submitText: 'Pošalji', props: { disabled: true } });
    expect(formLayout(practical, {}, 'hr', null)['ui:submitButtonOptions']).toEqual({ norender: true });
  });

  it('does not change the layout it is given', () => {
    const before = structuredClone(practicalLayout);
    formLayout(practical, practicalLayout, 'hr', 'Pošalji');
    expect(practicalLayout).toEqual(before);
  });
});

describe('initialFormData', () => {
  it('starts with every value fixed by const, the given values winning', () => {
    expect(initialFormData(practical)).toEqual({ state: 'submit', project_type: 'practical' });
    expect(initialFormData(practical, { name: 'Vježbe', state: 'draft' })).toEqual({ state: 'draft', project_type: 'practical', name: 'Vježbe' });
    expect(initialFormData({})).toEqual({});
  });
});
