import { compileProblems, type SchemaDoc } from '../../../src/schema-runtime';
import { edited, shipped } from './shipped-docs';

describe('compiling', () => {
  it('reports a misspelt keyword, a keyword value of the wrong type and an unknown format with their pointers', () => {
    let docs = edited('rules/resource-limits', (d) => {
      d.properties.HPCnSlotsGPU.maximun = 100;
      d.properties.HPCnSlotsRAM.maximum = 'lots';
    });
    docs = edited('rules/science-domains', (d) => (d.percentTotal = '100'), docs);
    docs = edited('api/project-change', (d) => (d.properties.date_end.format = 'dat'), docs);
    expect(compileProblems(docs)).toEqual([
      { file: 'api/project-change.json', pointer: '/properties/date_end/format', reason: 'unknown format "dat"' },
      { file: 'rules/resource-limits.json', pointer: '/properties/HPCnSlotsRAM/maximum', reason: 'maximum must be number (it is "lots")' },
      expect.objectContaining({ file: 'rules/resource-limits.json', pointer: '/properties/HPCnSlotsGPU/maximun', reason: expect.stringMatching(/^unknown keyword "maximun"/) }),
      { file: 'rules/science-domains.json', pointer: '/percentTotal', reason: 'percentTotal must be number (it is "100")' },
    ]);
  });

  it('reports two documents sharing an $id and a document without one', () => {
    const { $id: _id, ...anonymous } = structuredClone(shipped[0]) as Record<string, unknown>;
    const problems = compileProblems([...shipped, shipped[1], anonymous as SchemaDoc]);
    expect(problems).toContainEqual({ file: 'api/accounting-usage-answer.json', pointer: '/$id', reason: 'two documents share the $id https://portal.schemas/api/accounting-usage-answer.json' });
    expect(problems).toContainEqual(expect.objectContaining({ file: `document ${shipped.length + 2} of the set (title AccountingIngestAnswer)`, pointer: '', reason: expect.stringMatching(/has no \$id/) }));
  });

  it('reports what only ajv finds, in the file it sits in', () => {
    const docs = edited('api/grid-page-query', (d) => (d.properties.order = { type: 'array', items: [{ type: 'string' }] }));
    expect(compileProblems(docs)).toEqual([
      { file: 'api/grid-page-query.json', pointer: '/properties/order', reason: expect.stringMatching(/^does not compile: "items" is 1-tuple/) },
    ]);
  });
});
