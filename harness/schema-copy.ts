import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A temporary copy of schemas/ that a test may edit; `remove()` deletes it. */
export function copySchemas(): { dir: string; edit(file: string, change: (doc: Record<string, any>) => void): void; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'schemas-'));
  cpSync(join(process.cwd(), 'schemas'), dir, { recursive: true });
  return {
    dir,
    edit(file, change) {
      const path = join(dir, file);
      const doc = JSON.parse(readFileSync(path, 'utf8'));
      change(doc);
      writeFileSync(path, JSON.stringify(doc, null, 2));
    },
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/**
 * Adds a "summer school" request type to a schema copy, the way centre staff would: a project type,
 * a request schema (a copy of the practical-class one) and an entry in requests/index.json.
 */
export function addSummerSchool(copy: ReturnType<typeof copySchemas>): void {
  copy.edit('rules/project-types.json', (doc) => {
    doc.oneOf.push({ const: 'summer-school', label: { hr: 'Ljetna škola', en: 'Summer school' }, badgeColor: 'yellow', registryBased: false, foreignInvites: true, institutional: false, newRequestPhrase: 'nove ljetne škole' });
  });
  const practical = JSON.parse(readFileSync(join(copy.dir, 'requests', 'practical-class.json'), 'utf8'));
  practical.$id = 'https://portal.schemas/requests/summer-school.json';
  practical.title = 'SummerSchoolRequest';
  practical.properties.project_type = { const: 'summer-school' };
  writeFileSync(join(copy.dir, 'requests', 'summer-school.json'), JSON.stringify(practical, null, 2));
  copy.edit('requests/index.json', (doc) => {
    doc.oneOf.push({ const: 'summer-school', projectType: 'summer-school', staffOnly: false, identifierPrefix: 'NRS', form: 'summer-school.json', accepting: true, label: { hr: 'Ljetna škola', en: 'Summer school' } });
  });
}
