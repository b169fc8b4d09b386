import { changedFile, defaultChoice, filesReaching, formPreview, previewChoices } from '../../../src/client/features/rules/editor/draft-preview';
import { createSchemaCatalog } from '../../../src/schema-runtime/schema-catalog';
import { loadSchemaFiles } from '../../../src/schema-runtime/node';

type Json = Record<string, any>;
const docs = loadSchemaFiles() as Json[];
const choices = previewChoices(createSchemaCatalog(docs));
/** The documents with one replaced (as a draft holds them). */
const edited = (file: string, change: (doc: Json) => void): Json[] =>
  docs.map((doc) => {
    if (!doc.$id.endsWith(`/${file}`)) return doc;
    const copy = structuredClone(doc);
    change(copy);
    return copy;
  });

// The rules editor's preview draws the form or grid an edit concerns, from the draft's documents.
describe('the preview of a draft', () => {
  it('offers every request type’s form in chooser order, then every staff grid', () => {
    expect(choices.map((c) => c.key)).toEqual([
      'form:research-project',
      'form:institutional-project',
      'form:internal-project',
      'form:practical-class',
      'form:thesis-project',
      expect.stringMatching(/^form:.+-workshop$/),
      'grid:tables/projects.json',
      'grid:tables/requests.json',
      'grid:tables/software.json',
      'grid:tables/users-active.json',
      'grid:tables/users-inactive.json',
    ]);
    expect(choices.find((c) => c.key === 'grid:tables/users-active.json')).toMatchObject({ grid: 'users-active' });
  });

  it('finds the request forms a rules file reaches through request-fields.json, and none a layout reaches', () => {
    const reaching = filesReaching(docs, 'rules/resource-limits.json');
    expect(reaching).toContain('requests/request-fields.json');
    expect(reaching).toContain('requests/practical-class.json');
    expect(reaching).not.toContain('tables/requests.json');
    expect([...filesReaching(docs, 'tables/requests.json')]).toEqual(['tables/requests.json']);
  });

  it('starts a resource-limits edit at a form a user fills in by hand, a layout at its grid, a request schema at its form', () => {
    expect(defaultChoice(choices, docs, 'rules/resource-limits.json')).toBe('form:institutional-project');
    expect(defaultChoice(choices, docs, 'tables/software.json')).toBe('grid:tables/software.json');
    expect(defaultChoice(choices, docs, 'requests/practical-class.json')).toBe('form:practical-class');
    expect(defaultChoice(choices, docs, 'requests/internal-project.json')).toBe('form:internal-project');
    // A file no form reaches (the mail rules), or none shown: the plainest form.
    expect(defaultChoice(choices, docs, 'rules/mail.json')).toBe('form:institutional-project');
    expect(defaultChoice(choices, docs, undefined)).toBe('form:institutional-project');
  });

  it('names the file the page replaced', () => {
    const a = { x: 1 }, b = { y: 2 };
    expect(changedFile({ 'a.json': a, 'b.json': b }, { 'a.json': a, 'b.json': { y: 3 } })).toBe('b.json');
    expect(changedFile({ 'a.json': a }, { 'a.json': a })).toBeUndefined();
  });

  it('builds a form with the draft’s maximum', () => {
    const raised = edited('rules/resource-limits.json', (doc) => (doc.properties.HPCnSlotsCPU.maximum = 7000));
    const preview = formPreview(raised, 'practical-class.json', 'user');
    if (!preview.ok) throw new Error(preview.reason);
    const numbers = preview.forms.form('practical-class.json').schema.properties!.resources_numbers as Json;
    expect(numbers.properties.HPCnSlotsCPU.maximum).toBe(7000);
    const validator = preview.forms.validator('user');
    const schema = preview.forms.form('practical-class.json').schema;
    const errorsFor = (cpu: number) => validator.rawValidation<Json>(schema, { resources_numbers: { HPCnSlotsCPU: cpu } }).errors!.filter((e) => e.instancePath === '/resources_numbers/HPCnSlotsCPU');
    expect(errorsFor(7000)).toEqual([]);
    expect(errorsFor(7001)).toMatchObject([{ keyword: 'maximum', params: { limit: 7000 } }]);
  });

  it('says why a draft whose form does not compile cannot be drawn', () => {
    const broken = edited('rules/resource-limits.json', (doc) => (doc.properties.HPCnSlotsCPU.maximum = 'many'));
    const preview = formPreview(broken, 'practical-class.json', 'user');
    expect(preview).toMatchObject({ ok: false, reason: expect.stringMatching(/maximum/) });
    const unresolved = edited('requests/practical-class.json', (doc) => (doc.properties.name = { $ref: 'no-such-file.json' }));
    expect(formPreview(unresolved, 'practical-class.json', 'user')).toMatchObject({ ok: false });
  });
});
