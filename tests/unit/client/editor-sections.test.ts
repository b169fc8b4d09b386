import { applySectionForm, editorSections, placeProblems, sectionForm } from '../../../src/client/features/rules/editor/editor-sections';
import { loadSchemaFiles } from '../../../src/schema-runtime/node';

type Json = Record<string, any>;
const docs = loadSchemaFiles() as Json[];
const sections = editorSections(docs);
const doc = (file: string) => structuredClone(docs.find((d) => d.$id.endsWith(`/${file}`))!);
const section = (file: string) => sections.find((s) => s.file === file)!;

// The rules editor's sections come from schemas/editor/: nothing in the page knows a rule.
describe('the rules editor drawn from its meta-schemas', () => {
  it('offers a section per meta-schema, in their order, each naming the file it edits', () => {
    expect(sections.map((s) => s.file)).toEqual(['rules/resource-limits.json', 'requests/index.json', 'rules/resource-types.json', 'rules/constants.json']);
  });

  it('draws each resource limit with its fields in the reader’s language, and writes a changed maximum back leaving the rest alone', () => {
    const limits = section('rules/resource-limits.json');
    const before = doc('rules/resource-limits.json');
    const { schema, formData } = sectionForm(limits, before, 'en');
    expect(schema.properties).toMatchObject({ HPCnSlotsCPU: { title: 'CPU cores (HPCnSlotsCPU)', properties: { maximum: { type: 'integer', title: 'Maximum' } } } });
    expect(formData.HPCnSlotsCPU).toEqual({ minimum: 1, maximum: 6656, label: { hr: 'Broj procesorskih jezgri', en: 'CPU cores' } });
    expect((sectionForm(limits, before, 'hr').schema.properties as Json).HPCnSlotsCPU.properties.maximum.title).toBe('Najviše');

    const after: Json = applySectionForm(limits, before, { ...formData, HPCnSlotsCPU: { ...(formData.HPCnSlotsCPU as Json), maximum: 7000 } });
    expect(after.properties.HPCnSlotsCPU).toEqual({ ...before.properties.HPCnSlotsCPU, maximum: 7000 });
    expect({ ...after, properties: { ...after.properties, HPCnSlotsCPU: before.properties.HPCnSlotsCPU } }).toEqual(before);
  });

  it('edits constants as the const of the property each names, and list entries by their place', () => {
    const constants = section('rules/constants.json');
    const before = doc('rules/constants.json');
    const { formData } = sectionForm(constants, before, 'hr');
    expect(formData.graceMonthsFallback).toBe(3);
    expect((applySectionForm(constants, before, { ...formData, graceMonthsFallback: 4 }) as Json).properties.graceMonthsFallback).toEqual({ ...before.properties.graceMonthsFallback, const: 4 });

    const types = section('requests/index.json');
    const index = doc('requests/index.json');
    const drawn = sectionForm(types, index, 'hr');
    expect((drawn.schema.properties as Json)['0'].title).toBe('Istraživački projekt (research-project)');
    const closed: Json = applySectionForm(types, index, { ...drawn.formData, 0: { ...(drawn.formData['0'] as Json), accepting: false } });
    expect(closed.oneOf[0]).toEqual({ ...index.oneOf[0], accepting: false });
  });

  it('places a problem at the field it concerns and keeps the others for the list', () => {
    const limits = section('rules/resource-limits.json');
    const problem = { file: 'rules/resource-limits.json', pointer: '/properties/HPCnSlotsCPU', field: '/properties/HPCnSlotsCPU/maximum', reason: 'r', en: 'below', hr: 'ispod' };
    const other = { ...problem, file: 'rules/states.json', field: '/oneOf/0' };
    expect(placeProblems(limits, [problem, other], 'hr')).toEqual({ errors: { HPCnSlotsCPU: { maximum: { __errors: ['ispod'] } } }, elsewhere: [other] });
  });
});
