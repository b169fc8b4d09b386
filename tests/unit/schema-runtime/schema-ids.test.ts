import { SCHEMA_BASE, SCHEMA_IDS, schemaIdOf, shortNameOf } from '../../../src/schema-runtime/schema-ids';
import { shipped } from './shipped-docs';

describe('schemaIdOf', () => {
  it('turns a short name, a file name or a path under schemas/ into the full $id', () => {
    const id = 'https://portal.schemas/rules/resource-limits.json';
    for (const name of ['rules/resource-limits', 'rules/resource-limits.json', '/rules/resource-limits', 'schemas/rules/resource-limits.json', id])
      expect(schemaIdOf(name)).toBe(id);
  });
});

describe('shortNameOf', () => {
  it('is the $id without the base and the extension, and undoes schemaIdOf', () => {
    expect(shortNameOf('https://portal.schemas/api/ssh-key-new.json')).toBe('api/ssh-key-new');
    for (const doc of shipped) expect(schemaIdOf(shortNameOf(doc.$id))).toBe(doc.$id);
  });
});

describe('SCHEMA_IDS', () => {
  it('names only schemas that are shipped, all under the base', () => {
    const ids = new Set(shipped.map((d) => d.$id));
    for (const id of Object.values(SCHEMA_IDS)) {
      expect(id.startsWith(SCHEMA_BASE)).toBe(true);
      expect(ids.has(id)).toBe(true);
    }
  });
});
