import { diffSchemaDocs } from '../../../src/schema-runtime';
import { edited, shipped } from './shipped-docs';

describe('the diff of two schema sets', () => {
  it('is empty for the same set', () => {
    expect(diffSchemaDocs(shipped, structuredClone(shipped))).toEqual([]);
  });

  it('reads a raised maximum as "name maximum old → new" in both languages', () => {
    const after = edited('rules/resource-limits', (d) => (d.properties.HPCnSlotsCPU.maximum = 7000));
    expect(diffSchemaDocs(shipped, after)).toEqual([
      { file: 'rules/resource-limits.json', pointer: '/properties/HPCnSlotsCPU/maximum', en: 'HPCnSlotsCPU maximum 6656 → 7000', hr: 'HPCnSlotsCPU najviše 6656 → 7000' },
    ]);
  });

  it('names a state added to rules/states.json by its const, and a changed transition', () => {
    const after = edited('rules/states', (d) => {
      d.oneOf.push({ const: 'parked', label: { hr: 'Parkiran', en: 'Parked' }, isActive: false, isRequest: false, staffOptions: ['approve'], leadOptions: [] });
      d.oneOf[0].staffOptions.push('parked');
    });
    expect(diffSchemaDocs(shipped, after)).toEqual([
      { file: 'rules/states.json', pointer: '/oneOf/0/staffOptions', en: 'state submit staffOptions parked added', hr: 'state submit staffOptions parked dodano' },
      { file: 'rules/states.json', pointer: '/oneOf/7', en: 'state parked added', hr: 'state: dodana vrijednost parked' },
    ]);
    expect(diffSchemaDocs(after, shipped)).toContainEqual({ file: 'rules/states.json', pointer: '/oneOf/7', en: 'state parked removed', hr: 'state: uklonjena vrijednost parked' });
  });

  it('names files added and removed', () => {
    const without = shipped.filter((d) => d.$id !== 'https://portal.schemas/api/ssh-key-new.json');
    expect(diffSchemaDocs(shipped, without)).toEqual([
      { file: 'api/ssh-key-new.json', pointer: '', en: 'file api/ssh-key-new.json removed', hr: 'datoteka api/ssh-key-new.json uklonjena' },
    ]);
    expect(diffSchemaDocs(without, shipped)).toEqual([
      { file: 'api/ssh-key-new.json', pointer: '', en: 'file api/ssh-key-new.json added', hr: 'datoteka api/ssh-key-new.json dodana' },
    ]);
  });

  it('reads labels, constants, fields and required fields, and says "<pointer> changed" for the rest, by file, then pointer', () => {
    let after = edited('rules/resource-limits', (d) => {
      d.properties.HPCnSlotsGPU.label.en = 'Graphics processors';
      d.properties.HPCnSlotsFPGA = { type: 'integer', minimum: 1, maximum: 8 };
      d.description = 'Requested resource numbers.';
    });
    after = edited('rules/constants', (d) => (d.properties.toastAutoCloseMs.const = 3000), after);
    after = edited('api/ssh-key-new', (d) => (d.required = ['name']), after);
    after = edited('rules/roles', (d) => (d.oneOf[0].label.hr = 'Voditelj projekta'), after);
    const roleBefore = (shipped.find((d) => d.$id === 'https://portal.schemas/rules/roles.json') as any).oneOf[0];
    expect(diffSchemaDocs(shipped, after)).toEqual([
      { file: 'api/ssh-key-new.json', pointer: '/required', en: 'field public_key no longer required', hr: 'polje public_key više nije obavezno' },
      { file: 'rules/constants.json', pointer: '/properties/toastAutoCloseMs/const', en: 'toastAutoCloseMs value 2500 → 3000', hr: 'toastAutoCloseMs vrijednost 2500 → 3000' },
      { file: 'rules/resource-limits.json', pointer: '/description', en: '/description changed', hr: '/description promijenjeno' },
      {
        file: 'rules/resource-limits.json',
        pointer: '/properties/HPCnSlotsFPGA',
        en: 'field HPCnSlotsFPGA added',
        hr: 'polje HPCnSlotsFPGA dodano',
      },
      {
        file: 'rules/resource-limits.json',
        pointer: '/properties/HPCnSlotsGPU/label/en',
        en: 'HPCnSlotsGPU label (en) "GPUs" → "Graphics processors"',
        hr: 'HPCnSlotsGPU oznaka (en) "GPUs" → "Graphics processors"',
      },
      {
        file: 'rules/roles.json',
        pointer: '/oneOf/0/label/hr',
        en: `role ${roleBefore.const} label (hr) ${JSON.stringify(roleBefore.label.hr)} → "Voditelj projekta"`,
        hr: `role ${roleBefore.const} oznaka (hr) ${JSON.stringify(roleBefore.label.hr)} → "Voditelj projekta"`,
      },
    ]);
  });

  it('reads a science field added to a domain by its domain', () => {
    const after = edited('rules/science-domains', (d) => {
      d.definitions.domainShare.oneOf[0].properties.name.properties.value.fields.push({ value: 'Astrofizika', label: { hr: 'Astrofizika', en: 'Astrophysics' } });
    });
    expect(diffSchemaDocs(shipped, after)).toEqual([
      expect.objectContaining({ file: 'rules/science-domains.json', en: 'Prirodne znanosti field Astrofizika added', hr: 'Prirodne znanosti polje Astrofizika dodano' }),
    ]);
  });
});
