import { conflictSide, rebaseDocs, withConflictSide } from '../../../src/schema-runtime/set-rebase';
import type { SchemaDoc } from '../../../src/schema-runtime';

const LIMITS = 'https://portal.schemas/rules/resource-limits.json';
const TYPES = 'https://portal.schemas/rules/resource-types.json';

const limits = (cpu: Record<string, unknown>, gpu: Record<string, unknown> = { type: 'integer', minimum: 0, maximum: 16 }): SchemaDoc => ({
  $id: LIMITS,
  type: 'object',
  properties: { HPCnSlotsCPU: { type: 'integer', minimum: 1, ...cpu }, HPCnSlotsGPU: gpu },
});
const types = (...names: string[]): SchemaDoc => ({ $id: TYPES, type: 'string', oneOf: names.map((name) => ({ const: name, staffOnly: false })) });

describe('rebaseDocs', () => {
  it('gives the new base unchanged when staff changed nothing', () => {
    const result = rebaseDocs([limits({ maximum: 6656 })], [limits({ maximum: 6656 })], [limits({ maximum: 8000 })]);
    expect(result).toEqual({ docs: [limits({ maximum: 8000 })], carried: 0, conflicts: [] });
  });

  it('carries a staff change over a release that changed something else', () => {
    const result = rebaseDocs([limits({ maximum: 6656 })], [limits({ maximum: 7000 })], [limits({ maximum: 6656 }, { type: 'integer', minimum: 0, maximum: 32 })]);
    expect(result.conflicts).toEqual([]);
    expect(result.carried).toBe(1);
    expect(result.docs).toEqual([limits({ maximum: 7000 }, { type: 'integer', minimum: 0, maximum: 32 })]);
  });

  it('agrees where staff and the release made the same change', () => {
    const result = rebaseDocs([limits({ maximum: 6656 })], [limits({ maximum: 7000 })], [limits({ maximum: 7000 })]);
    expect(result).toEqual({ docs: [limits({ maximum: 7000 })], carried: 0, conflicts: [] });
  });

  it('names a place both changed differently with the three values, and keeps the release’s value there', () => {
    const result = rebaseDocs([limits({ maximum: 6656 })], [limits({ maximum: 7000, unit: 'jezgri' })], [limits({ maximum: 8000 })]);
    expect(result.conflicts).toEqual([{ file: 'rules/resource-limits.json', pointer: '/properties/HPCnSlotsCPU/maximum', base: 6656, staff: 7000, shipped: 8000 }]);
    // The unit only staff added is carried beside the conflict.
    expect(result.docs).toEqual([limits({ maximum: 8000, unit: 'jezgri' })]);
    expect(result.carried).toBe(1);
  });

  it('merges a vocabulary entry by entry: an entry staff added and one the release added are both kept', () => {
    const result = rebaseDocs([types('CPU', 'GPU')], [types('CPU', 'GPU', 'FPGA')], [types('CPU', 'GPU', 'BIGMEM')]);
    expect(result.conflicts).toEqual([]);
    expect(result.docs).toEqual([types('CPU', 'GPU', 'BIGMEM', 'FPGA')]);
  });

  it('drops an entry staff removed, and names one the release changed that staff removed', () => {
    const shipped: SchemaDoc = { $id: TYPES, type: 'string', oneOf: [{ const: 'CPU', staffOnly: false }, { const: 'GPU', staffOnly: true }] };
    expect(rebaseDocs([types('CPU', 'GPU', 'BIGMEM')], [types('CPU', 'GPU')], [types('CPU', 'GPU', 'BIGMEM')]).docs).toEqual([types('CPU', 'GPU')]);
    const result = rebaseDocs([types('CPU', 'GPU')], [types('CPU')], [shipped]);
    expect(result.conflicts).toEqual([{ file: 'rules/resource-types.json', pointer: '/oneOf/1', base: { const: 'GPU', staffOnly: false }, staff: undefined, shipped: { const: 'GPU', staffOnly: true } }]);
    expect(result.docs).toEqual([shipped]);
  });

  it('keeps a file staff added, drops one staff removed, and takes a file only the release added', () => {
    const extra: SchemaDoc = { $id: 'https://portal.schemas/rules/extra.json', type: 'string' };
    const added: SchemaDoc = { $id: 'https://portal.schemas/rules/new-in-release.json', type: 'string' };
    const result = rebaseDocs([limits({}), types('CPU')], [limits({}), extra], [limits({}), types('CPU'), added]);
    expect(result.docs).toEqual([limits({}), added, extra]);
    expect(result.conflicts).toEqual([]);
  });

  it('names a file staff removed that the release changed', () => {
    const result = rebaseDocs([limits({}), types('CPU')], [limits({})], [limits({}), types('CPU', 'GPU')]);
    expect(result.conflicts).toEqual([{ file: 'rules/resource-types.json', pointer: '', base: types('CPU'), staff: undefined, shipped: types('CPU', 'GPU') }]);
    expect(result.docs).toEqual([limits({}), types('CPU', 'GPU')]);
  });

  it('keeps the new base’s key order, with keys staff added after them', () => {
    const result = rebaseDocs([limits({ maximum: 1 })], [limits({ maximum: 1, unit: 'x' })], [{ ...limits({ maximum: 1 }), description: 'new' }]);
    expect(Object.keys(result.docs[0])).toEqual(['$id', 'type', 'properties', 'description']);
    expect(Object.keys((result.docs[0].properties as Record<string, Record<string, unknown>>).HPCnSlotsCPU)).toEqual(['type', 'minimum', 'maximum', 'unit']);
  });
});

describe('a conflict decided in the draft', () => {
  const conflicted = () => rebaseDocs([limits({ maximum: 6656 })], [limits({ maximum: 7000 })], [limits({ maximum: 8000 })]);

  it('starts on the release’s value and takes staff’s when chosen, and back', () => {
    const { docs, conflicts } = conflicted();
    expect(conflictSide(docs[0], conflicts[0])).toBe('shipped');
    const staff = withConflictSide(docs[0], conflicts[0], 'staff')!;
    expect(staff).toEqual(limits({ maximum: 7000 }));
    expect(conflictSide(staff, conflicts[0])).toBe('staff');
    expect(withConflictSide(staff, conflicts[0], 'shipped')).toEqual(docs[0]);
    // The draft's own file is not changed in place.
    expect(docs[0]).toEqual(limits({ maximum: 8000 }));
  });

  it('says neither side once the place was edited to a third value', () => {
    const { conflicts } = conflicted();
    expect(conflictSide(limits({ maximum: 9000 }), conflicts[0])).toBeUndefined();
  });

  it('removes an entry staff removed, and puts it back for the release', () => {
    const shipped: SchemaDoc = { $id: TYPES, type: 'string', oneOf: [{ const: 'CPU', staffOnly: false }, { const: 'GPU', staffOnly: true }] };
    const { docs, conflicts } = rebaseDocs([types('CPU', 'GPU')], [types('CPU')], [shipped]);
    const removed = withConflictSide(docs[0], conflicts[0], 'staff')!;
    expect(removed).toEqual(types('CPU'));
    expect(conflictSide(removed, conflicts[0])).toBe('staff');
    expect(withConflictSide(removed, conflicts[0], 'shipped')).toEqual(shipped);
  });

  it('leaves a whole-file conflict to the JSON view', () => {
    const { docs, conflicts } = rebaseDocs([limits({}), types('CPU')], [limits({})], [limits({}), types('CPU', 'GPU')]);
    expect(withConflictSide(docs[1], conflicts[0], 'staff')).toBeUndefined();
  });
});
