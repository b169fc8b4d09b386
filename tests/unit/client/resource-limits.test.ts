import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defaultSchemasDir, loadSchemaFiles } from '../../../src/schema-runtime/node';
import { createFormSchemas } from '../../../src/client/engine/schema-form/form-schemas';
import { groupResourceLimits, readResourceLimits, setResourceNumber } from '../../../src/client/engine/schema-form/fields/resource-limits';
import { issueToRjsfError, rjsfErrorsToIssues } from '../../../src/client/engine/schema-form/form-errors';

function limitsOf(schemasDir: string) {
  const forms = createFormSchemas(loadSchemaFiles(schemasDir));
  const { schema } = forms.form('practical-class.json');
  return { forms, schema, limits: readResourceLimits((schema.properties as Record<string, unknown>).resources_numbers) };
}

describe('resource numbers of the form', () => {
  it('come from rules/resource-limits.json in HPC and CLOUD blocks', () => {
    const { limits } = limitsOf(defaultSchemasDir());
    const cpu = limits.find((l) => l.name === 'HPCnSlotsCPU');
    expect(cpu).toMatchObject({ minimum: 1, maximum: 6656, group: 'HPC', label: { hr: 'Broj procesorskih jezgri', en: 'CPU cores' } });
    expect(limits.find((l) => l.name === 'CLOUDnRAM')).toMatchObject({ maximum: 2000, unit: 'GB', group: 'CLOUD' });
    expect(groupResourceLimits(limits).map(([group, list]) => [group, list.length])).toEqual([['HPC', 5], ['CLOUD', 7]]);
  });

  it('follow a raised HPCnSlotsCPU maximum in a copy of the schemas, with no code change', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'schemas-'));
    try {
      cpSync(defaultSchemasDir(), dir, { recursive: true });
      const file = path.join(dir, 'rules', 'resource-limits.json');
      const doc = JSON.parse(readFileSync(file, 'utf8'));
      doc.properties.HPCnSlotsCPU.maximum = 10000;
      writeFileSync(file, JSON.stringify(doc));

      const { forms, schema, limits } = limitsOf(dir);
      expect(limits.find((l) => l.name === 'HPCnSlotsCPU')?.maximum).toBe(10000);
      const validate = (n: number) =>
        forms.validator('user')
          .validateFormData({ resources_numbers: { HPCnSlotsCPU: n } }, schema, undefined, (errors) =>
            rjsfErrorsToIssues(errors, schema).map((i) => issueToRjsfError(i, 'hr')),
          )
          .errors.filter((e) => e.property === '.resources_numbers.HPCnSlotsCPU')
          .map((e) => e.message);
      expect(validate(6657)).toEqual([]);
      expect(validate(10001)).toEqual(['Broj ne može biti veći od 10000']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('leave an emptied number out of the payload', () => {
    expect(setResourceNumber({ HPCnSlotsCPU: 4, CLOUDnVM: 2 }, 'CLOUDnVM', '')).toEqual({ HPCnSlotsCPU: 4 });
    expect(setResourceNumber({ HPCnSlotsCPU: 4 }, 'HPCnSlotsCPU', ' ')).toBeUndefined();
    expect(setResourceNumber(undefined, 'HPCnSlotsGPU', '8')).toEqual({ HPCnSlotsGPU: 8 });
  });
});
