import { createSchemaCatalog } from '../../../src/schema-runtime/schema-catalog';
import { loadSchemaFiles } from '../../../src/schema-runtime/node';
import { requestTypeRows, resourceLimitRows, stateRows } from '../../../src/client/features/rules/rule-rows';

const catalog = createSchemaCatalog(loadSchemaFiles());

describe('the rules page rows', () => {
  it('list every resource limit with its label, unit and bounds', () => {
    const cpu = resourceLimitRows(catalog).find((l) => l.name === 'HPCnSlotsCPU');
    expect(cpu).toEqual({ name: 'HPCnSlotsCPU', minimum: 1, maximum: 6656, group: 'HPC', unit: undefined, label: { hr: 'Broj procesorskih jezgri', en: 'CPU cores' } });
    expect(resourceLimitRows(catalog).find((l) => l.name === 'HPCnSlotsRAM')?.unit).toBe('GB');
  });

  it('say who may file each request type and whether it accepts requests', () => {
    const rows = new Map(requestTypeRows(catalog).map((r) => [r.value, r]));
    expect(rows.get('internal-project')).toMatchObject({ filers: 'staff', accepting: true, projectType: { hr: 'Interni', en: 'Internal' } });
    expect(rows.get('research-project')?.filers).toBe('registryLeads');
    expect(rows.get('institutional-project')?.filers).toBe('eligibleInstitutions');
    expect(rows.get('practical-class')).toMatchObject({ filers: 'users', identifierPrefix: 'NR' });
    expect(rows.get('thesis-project')?.accepting).toBe(false);
  });

  it('name the states a state may move to, without itself', () => {
    const rows = new Map(stateRows(catalog).map((s) => [s.value, s]));
    expect(rows.get('submit')?.staffMoves.map((l) => l.hr)).toEqual(['Aktivan', 'Odbijen', 'Završen']);
    expect(rows.get('approve-expire')?.leadMoves.map((l) => l.en)).toEqual(['Extension']);
    expect(rows.get('approve')?.leadMoves).toEqual([]);
  });
});
