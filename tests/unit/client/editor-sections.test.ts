import { applySectionForm, editorSections, placeProblems, sectionForm } from '../../../src/client/features/rules/editor/editor-sections';
import { loadSchemaFiles } from '../../../src/schema-runtime/node';
import type { SchemaDoc } from '../../../src/schema-runtime/schema-catalog';

type Json = Record<string, any>;
const docs = loadSchemaFiles() as Json[];
const sections = editorSections(docs);
const doc = (file: string) => structuredClone(docs.find((d) => d.$id.endsWith(`/${file}`))!);
const section = (file: string) => sections.find((s) => s.file === file)!;

// The rules editor's sections come from schemas/editor/: nothing in the page knows a rule.
describe('the rules editor drawn from its meta-schemas', () => {
  it('offers a section per meta-schema, in their order, each naming the file it edits', () => {
    expect(sections.map((s) => s.file)).toEqual([
      'rules/resource-limits.json',
      'requests/index.json',
      'rules/resource-types.json',
      'rules/constants.json',
      'rules/science-domains.json',
      'tables/projects.json',
      'tables/requests.json',
      'tables/software.json',
      'tables/users-active.json',
      'tables/users-inactive.json',
    ]);
  });

  it('makes a section of each file a pattern names, called by the file’s own label', () => {
    const software = section('tables/software.json');
    expect(software.key).toBe('editor/grid-layouts.json:tables/software.json');
    expect(software.label).toEqual({ hr: 'Tablica: Softver', en: 'Table: Software' });
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

  describe('science domains and fields', () => {
    const domains = () => section('rules/science-domains.json');
    const value = (d: Json, i: number) => d.definitions.domainShare.oneOf[i].properties.name.properties.value;

    it('draws the domains in their order with their stored value, names and fields', () => {
      const before = doc('rules/science-domains.json');
      const { schema, formData } = sectionForm(domains(), before, 'hr');
      const items = (schema.properties as Json)._entries;
      expect(items).toMatchObject({ type: 'array', title: 'Područja', items: { properties: { const: { readOnly: true, title: 'Pohranjena vrijednost' }, fields: { type: 'array', title: 'Polja' } } } });
      expect(items.items.properties.fields.items.properties.label.properties.en.title).toBe('engleski');
      expect((formData._entries as Json[]).map((e) => e.const)).toEqual(before.definitions.domainShare.oneOf.map((_: unknown, i: number) => value(before, i).const));
      expect((formData._entries as Json[])[0]).toMatchObject({ _entry: 0, label: { hr: 'Prirodne znanosti', en: 'Natural sciences' } });
      const heading = (locale: 'hr' | 'en') => (sectionForm(domains(), before, locale).uiSchema as Json)._entries.items((formData._entries as Json[])[0]);
      expect([heading('hr'), heading('en')]).toMatchObject([{ 'ui:title': 'Prirodne znanosti' }, { 'ui:title': 'Natural sciences (Prirodne znanosti)' }]);
    });

    it('keeps everything else of the document through a round trip', () => {
      const before = doc('rules/science-domains.json');
      expect(applySectionForm(domains(), before, sectionForm(domains(), before, 'en').formData)).toEqual(before);
    });

    it('writes a renamed field, a moved domain and an added field into their places, leaving the rest alone', () => {
      const before = doc('rules/science-domains.json');
      // A value the editor does not describe, on a field and on a domain branch, goes with them.
      value(before, 0).fields[1].note = 'kept';
      before.definitions.domainShare.oneOf[1].description = 'kept too';
      const { formData } = sectionForm(domains(), before, 'en');
      const entries = structuredClone(formData._entries) as Json[];
      entries[0].fields[1].label = { hr: 'Fizika', en: 'Physical sciences' };
      entries[0].fields.push({ value: 'Astronomija', label: { hr: 'Astronomija', en: 'Astronomy' } });
      const after: Json = applySectionForm(domains(), before, { _entries: [entries[1], entries[0], ...entries.slice(2)] });
      const branches = after.definitions.domainShare.oneOf;
      expect(branches[0]).toEqual(before.definitions.domainShare.oneOf[1]);
      expect(value(after, 1).fields[1]).toEqual({ value: 'Fizika', label: { hr: 'Fizika', en: 'Physical sciences' }, note: 'kept' });
      expect(value(after, 1).fields.at(-1)).toEqual({ value: 'Astronomija', label: { hr: 'Astronomija', en: 'Astronomy' } });
      expect(branches.slice(2)).toEqual(before.definitions.domainShare.oneOf.slice(2));
      expect({ ...after, definitions: { ...after.definitions, domainShare: before.definitions.domainShare } }).toEqual(before);
    });

    it('never writes the stored value it shows', () => {
      const before = doc('rules/science-domains.json');
      const { formData } = sectionForm(domains(), before, 'en');
      const entries = structuredClone(formData._entries) as Json[];
      entries[0].const = 'Something else';
      expect(value(applySectionForm(domains(), before, { _entries: entries }), 0).const).toBe('Prirodne znanosti');
    });

    it('adds a domain with the value, names and fields typed for it, and keeps its value open to correction until published', () => {
      const before = doc('rules/science-domains.json');
      const live = doc('rules/science-domains.json');
      const { formData, uiSchema } = sectionForm(domains(), before, 'hr', { live });
      const entries = [...(formData._entries as Json[]), {}];
      const items = (uiSchema as Json)._entries.items;
      expect(items({})).toEqual({ 'ui:title': 'Novo područje', const: { 'ui:readonly': false } });
      expect(items(entries[0])).toMatchObject({ const: { 'ui:readonly': true } });
      entries[entries.length - 1] = { const: 'S', label: { hr: 'Svemirske znanosti', en: 'Space sciences' }, fields: [{ value: 'Astronautika', label: { hr: 'Astronautika', en: 'Astronautics' } }] };
      const added: Json = applySectionForm(domains(), before, { _entries: entries }, live);
      const n = before.definitions.domainShare.oneOf.length;
      expect(value(added, n)).toEqual(entries[n]);
      // Drawn again from the draft, the new domain's value is still typed: no stored data names it yet.
      const again = sectionForm(domains(), added, 'hr', { live });
      const newItem = (again.formData._entries as Json[])[n];
      expect((again.uiSchema as Json)._entries.items(newItem)).toMatchObject({ 'ui:title': 'Svemirske znanosti (S)', const: { 'ui:readonly': false } });
      const corrected = applySectionForm(domains(), added, { _entries: [...(again.formData._entries as Json[]).slice(0, n), { ...newItem, const: 'Svemirske znanosti' }] }, live);
      expect(value(corrected, n).const).toBe('Svemirske znanosti');
      expect(value(corrected, 0).const).toBe('Prirodne znanosti');
    });

    it('removes a domain the form removed', () => {
      const before = doc('rules/science-domains.json');
      const entries = sectionForm(domains(), before, 'en').formData._entries as Json[];
      const after: Json = applySectionForm(domains(), before, { _entries: entries.slice(1) });
      expect(after.definitions.domainShare.oneOf).toEqual(before.definitions.domainShare.oneOf.slice(1));
    });

    it('places a problem of a field of a domain at that field of its item', () => {
      const field = '/definitions/domainShare/oneOf/2/properties/name/properties/value/fields/3/label';
      const problem = { file: 'rules/science-domains.json', pointer: field, field, reason: 'r', en: 'bad', hr: 'loše' };
      expect(placeProblems(domains(), [problem], 'en').errors).toEqual({ _entries: { 2: { fields: { 3: { label: { __errors: ['bad'] } } } } } });
    });
  });

  describe('resource types', () => {
    const types = () => section('rules/resource-types.json');

    it('draws the types in their order by tag, a named one by its name and tag, and writes a new type with its tag, names and flags', () => {
      const before = doc('rules/resource-types.json');
      const live = doc('rules/resource-types.json');
      const { formData, uiSchema } = sectionForm(types(), before, 'en', { live });
      const entries = formData._entries as Json[];
      expect(entries.map((e) => e.const)).toEqual(before.oneOf.map((t: Json) => t.const));
      const items = (uiSchema as Json)._entries.items;
      expect(items(entries[0])).toEqual({ 'ui:title': 'BIGMEM', const: { 'ui:readonly': true, 'ui:widget': 'text' } });
      expect(items({})).toEqual({ 'ui:title': 'New type', const: { 'ui:readonly': false } });
      const added = { const: 'GPU-BIGMEM', label: { hr: 'GPU s mnogo memorije', en: 'GPU with large memory' }, staffOnly: true };
      expect(items(added)['ui:title']).toBe('GPU with large memory (GPU-BIGMEM)');
      const after: Json = applySectionForm(types(), before, { _entries: [...entries, added] }, live);
      expect(after.oneOf).toEqual([...before.oneOf, added]);
    });

    it('never writes a tag of the set in use, names a type, and removes one the form removed', () => {
      const before = doc('rules/resource-types.json');
      const live = doc('rules/resource-types.json');
      const entries = structuredClone(sectionForm(types(), before, 'hr', { live }).formData._entries) as Json[];
      entries[0].const = 'OTHER';
      entries[1].label = { hr: 'Oblak, velika memorija', en: '' };
      const after: Json = applySectionForm(types(), before, { _entries: entries.filter((e) => e.const !== 'PADOBRAN') }, live);
      expect(after.oneOf[0]).toEqual(before.oneOf[0]);
      // A name in one language is written as typed: the set check asks for the other.
      expect(after.oneOf[1]).toEqual({ ...before.oneOf[1], label: { hr: 'Oblak, velika memorija' } });
      expect(after.oneOf.map((t: Json) => t.const)).not.toContain('PADOBRAN');
      expect(after.oneOf).toHaveLength(before.oneOf.length - 1);
    });
  });

  describe('grid layouts', () => {
    const grid = () => section('tables/requests.json');

    it('draws the page size and default sort, then the columns in order with their field, visibility and header', () => {
      const before = doc('tables/requests.json');
      const { schema, formData, uiSchema } = sectionForm(grid(), before, 'en');
      expect(schema.properties).toMatchObject({
        _settings: { title: 'Page and sort', properties: { pageSize: { type: 'integer' }, defaultSort: { properties: { direction: { oneOf: [{ const: 'asc', title: 'ascending' }, { const: 'desc', title: 'descending' }] } } } } },
        _entries: { title: 'Columns', items: { properties: { field: { readOnly: true }, hidden: { type: 'boolean', title: 'Hidden' }, header: { title: 'Header' } } } },
      });
      expect((uiSchema as Json)._settings).toEqual({ defaultSort: { direction: { 'ui:widget': 'radio' } } });
      expect((uiSchema as Json)._entries).toMatchObject({ 'ui:options': { addable: true, removable: true, orderable: true } });
      expect((uiSchema as Json)._entries.items((formData._entries as Json[])[3])).toEqual({ 'ui:title': 'name', field: { 'ui:readonly': true, 'ui:widget': 'text' } });
      expect((formData._entries as Json[]).map((c) => c.field)).toEqual(before.columns.map((c: Json) => c.field));
      expect(applySectionForm(grid(), before, formData)).toEqual(before);
    });

    it('writes a renamed header, a hidden and a moved column, a page size and a default sort, keeping each column’s renderer and the filters', () => {
      const before = doc('tables/requests.json');
      const { formData } = sectionForm(grid(), before, 'hr');
      const columns = structuredClone(formData._entries) as Json[];
      columns[3].header = { hr: 'Projekt', en: 'Project' };
      columns[4].hidden = true;
      const after: Json = applySectionForm(grid(), before, {
        _settings: { pageSize: 50, defaultSort: { field: 'date_submitted', direction: 'desc' } },
        _entries: [columns[0], columns[3], columns[1], columns[2], ...columns.slice(4)],
      });
      expect(after.columns.map((c: Json) => c.field)).toEqual(['rowNumber', 'name', 'state.name', 'date_submitted', 'project_type.name', 'lead', 'date_start']);
      expect(after.columns[1]).toEqual({ ...before.columns[3], header: { hr: 'Projekt', en: 'Project' } });
      expect(after.columns[4]).toEqual({ ...before.columns[4], hidden: true });
      expect(after.layout).toEqual({ ...before.layout, pageSize: 50, defaultSort: { field: 'date_submitted', direction: 'desc' } });
    });

    it('leaves out an emptied header and a default sort without its column, and writes a visibility unchecked', () => {
      const before = doc('tables/requests.json');
      before.columns[1].header = { hr: 'Stanje', en: 'State' };
      before.layout.defaultSort = { field: 'name', direction: 'asc' };
      const { formData } = sectionForm(grid(), before, 'hr');
      const columns = structuredClone(formData._entries) as Json[];
      columns[1].header = { hr: '', en: '' };
      columns[2].hidden = false;
      const after: Json = applySectionForm(grid(), before, { _settings: { defaultSort: { field: '', direction: 'asc' } }, _entries: columns });
      expect(after.columns[1]).toEqual(doc('tables/requests.json').columns[1]);
      expect(after.columns[2]).toEqual({ ...before.columns[2], hidden: false });
      expect(after.layout).toEqual(doc('tables/requests.json').layout);
    });

    it('places a page size problem at the page size, a header problem at its column, and a filter problem in the list', () => {
      const problem = (field: string) => ({ file: 'tables/requests.json', pointer: field, field, reason: 'r', en: `at ${field}`, hr: 'h' });
      const filter = problem('/layout/filters/0/key');
      const placed = placeProblems(grid(), [problem('/layout/pageSize'), problem('/columns/2/header/en'), problem('/layout/defaultSort/field'), filter], 'en');
      expect(placed).toEqual({
        errors: {
          _settings: { pageSize: { __errors: ['at /layout/pageSize'] }, defaultSort: { field: { __errors: ['at /layout/defaultSort/field'] } } },
          _entries: { 2: { header: { en: { __errors: ['at /columns/2/header/en'] } } } },
        },
        elsewhere: [filter],
      });
      expect(placeProblems(section('tables/software.json'), [problem('/layout/pageSize')], 'en').elsewhere).toHaveLength(1);
    });

    it('offers a new column the values the grid’s rows carry, and writes the chosen one with its header', () => {
      const before = doc('tables/requests.json');
      const { schema, formData, uiSchema } = sectionForm(grid(), before, 'en', { docs: docs as SchemaDoc[], live: doc('tables/requests.json') });
      const field = (schema.properties as Json)._entries.items.properties.field;
      const offered = field.oneOf.map((c: Json) => c.const);
      expect(offered).toEqual(expect.arrayContaining(['institute', 'identifier', 'state.name', 'date_end']));
      expect(offered).not.toContain('userproject_set');
      // A new column starts at no value (RJSF would take the first choice), which the set check refuses.
      expect(field.oneOf[0]).toEqual({ const: '', title: 'choose a value of the rows' });
      expect((uiSchema as Json)._entries.items({})).toEqual({ 'ui:title': 'New column', field: { 'ui:readonly': false } });
      const columns = [...(formData._entries as Json[]), { field: 'institute', hidden: false, header: { hr: 'Ustanova', en: 'Institution' } }];
      const after: Json = applySectionForm(grid(), before, { _entries: columns }, doc('tables/requests.json'));
      expect(after.columns.at(-1)).toEqual({ field: 'institute', hidden: false, header: { hr: 'Ustanova', en: 'Institution' } });
      expect(after.columns.slice(0, -1)).toEqual(before.columns);
    });

    it('offers the default sort the shown sortable columns by their header, and no sort', () => {
      const before = doc('tables/software.json');
      before.columns[2].header = { hr: 'Dodano', en: 'Added' };
      before.columns[3].hidden = true;
      const choices = (locale: 'hr' | 'en') => (sectionForm(section('tables/software.json'), before, locale).schema.properties as Json)._settings.properties.defaultSort.properties.field.oneOf;
      expect(choices('en')).toEqual([
        { const: '', title: 'unsorted' },
        { const: 'name', title: 'name' },
        { const: 'created', title: 'Added (created)' },
      ]);
      expect(choices('hr')[0]).toEqual({ const: '', title: 'bez razvrstavanja' });
    });
  });
});
