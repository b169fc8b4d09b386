import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSchemaSet, formatIssue, requestDateCeiling, SCHEMA_IDS } from '../../../src/schema-runtime';
import { loadSchemaFiles, loadSchemaSet } from '../../../src/schema-runtime/node';

const schemas = loadSchemaSet();

const domain = (name: string, percent: number, fields: [string, number][]) => ({
  name: { label: name, value: name },
  percent,
  scientificfields: fields.map(([f, p]) => ({ name: { label: f, value: f }, percent: p })),
});

describe('schema set', () => {
  it('loads every schema under schemas/ with a unique $id', () => {
    expect(schemas.ids.length).toBe(loadSchemaFiles().length);
    expect(schemas.ids).toContain(SCHEMA_IDS.resourceLimits);
  });

  it('replaces {product} with the product key of service.json everywhere', () => {
    const key = schemas.service.productKey;
    expect(schemas.vocabulary('requests/index').map((e) => e.value)).toContain(`${key}-workshop`);
    expect(JSON.stringify(schemas.schema('rules/project-types'))).not.toContain('{product}');
  });

  it('reads vocabularies with their annotations, following $refs', () => {
    const filters = schemas.vocabulary('rules/project-type-filters').map((e) => e.value);
    expect(filters).toEqual(expect.arrayContaining(['research-croris', 'research-eu-croris', 'all']));
    const penkala = schemas.vocabulary<{ staffOnly: boolean }>('rules/resource-types').find((e) => e.value === 'PENKALA');
    expect(penkala?.staffOnly).toBe(true);
  });

  it('exposes constants as plain values', () => {
    expect(schemas.constants.toastAutoCloseMs).toBe(2500);
    expect(schemas.constants.graceMonthsFallback).toBe(3);
    expect(requestDateCeiling(schemas)).toBe('2027-02-01');
  });

  it('refuses two schemas with the same $id', () => {
    const docs = loadSchemaFiles();
    expect(() => createSchemaSet([...docs, docs[0]])).toThrow(/share the \$id/);
  });
});

describe('roles and validators', () => {
  it('validates for a role with the same schemas, built once per role', () => {
    expect(schemas.role).toBeUndefined();
    const user = schemas.forRole('user');
    expect(user.role).toBe('user');
    expect(schemas.forRole('user')).toBe(user);
    expect(user.forRole('user')).toBe(user);
    expect(user.validate('rules/resource-types', 'PENKALA')).toEqual({ valid: false, issues: [{ path: '', key: 'staffOnly', params: { value: 'PENKALA' } }] });
    expect(schemas.forRole('staff').validate('rules/resource-types', 'PENKALA').valid).toBe(true);
  });

  it('gives the compiled validator by short name or $id, and refuses an unknown schema', () => {
    expect(schemas.validator('rules/username')).toBe(schemas.validator(SCHEMA_IDS.username));
    expect(() => schemas.validator('rules/nope')).toThrow('unknown schema rules/nope');
    expect(() => schemas.validate('rules/nope', {})).toThrow('unknown schema rules/nope');
  });
});

describe('science domain rules', () => {
  const check = (data: unknown) => schemas.validate('rules/science-domains', data);

  it('accepts shares that total 100% per domain and per field', () => {
    const result = check([
      domain('Prirodne znanosti', 60, [['Matematika', 50], ['Fizika', 50]]),
      domain('Tehničke znanosti', 40, [['Računarstvo', 100]]),
    ]);
    expect(result).toEqual({ valid: true, issues: [] });
  });

  it('rejects domain shares that total 90%', () => {
    const { issues } = check([domain('Prirodne znanosti', 90, [['Fizika', 100]])]);
    expect(issues.map((i) => formatIssue(i))).toContain('Udjeli znanstvenih područja zajedno moraju biti 100%.');
  });

  it('rejects field shares that do not total 100% within a domain', () => {
    const { issues } = check([domain('Prirodne znanosti', 100, [['Fizika', 60], ['Kemija', 30]])]);
    expect(issues).toContainEqual(expect.objectContaining({ path: '/0/scientificfields', key: 'fieldSharesTotal' }));
    expect(formatIssue(issues.find((i) => i.key === 'fieldSharesTotal')!)).toBe(
      'Udjeli znanstvenih polja zajedno u znanstvenom području moraju biti 100%.',
    );
  });

  it('rejects a field that appears twice and a domain that appears twice', () => {
    const { issues } = check([
      domain('Prirodne znanosti', 50, [['Fizika', 50], ['Fizika', 50]]),
      domain('Prirodne znanosti', 50, [['Kemija', 100]]),
    ]);
    const texts = issues.map((i) => formatIssue(i));
    expect(texts).toContain('Neka znanstvena polja se pojavljuju više puta.');
    expect(texts).toContain('Neka znanstvena područja se pojavljuju više puta.');
  });

  it("shows '0-100' for a percent outside 1..100", () => {
    const { issues } = check([domain('Prirodne znanosti', 100, [['Fizika', 101]])]);
    expect(issues).toContainEqual(expect.objectContaining({ path: '/0/scientificfields/0/percent', key: 'percentRange' }));
    expect(formatIssue(issues.find((i) => i.key === 'percentRange')!)).toBe('0-100');
  });

  it('rejects a field that does not belong to its domain', () => {
    const { issues } = check([domain('Prirodne znanosti', 100, [['Pravo', 100]])]);
    expect(issues.map((i) => i.key)).toEqual(['unknownScienceField']);
  });

  it('says a domain is not chosen, not that its field does not belong, when the domain is empty', () => {
    const { issues } = check([domain('', 100, [['', 100]])]);
    const keys = issues.map((i) => i.key);
    expect(keys).toContain('domainNotChosen');
    expect(keys).not.toContain('unknownScienceField');
    const issue = issues.find((i) => i.key === 'domainNotChosen')!;
    expect(formatIssue(issue, 'hr')).toBe('Odaberite znanstveno područje');
    expect(formatIssue(issue, 'en')).toBe('Choose a scientific domain');
  });
});

describe('resource limits', () => {
  it("says 'Broj ne može biti veći od 6656' for 6657 CPU cores, in English too", () => {
    const { issues } = schemas.validate('rules/resource-limits', { HPCnSlotsCPU: 6657 });
    expect(issues).toHaveLength(1);
    expect(formatIssue(issues[0], 'hr')).toBe('Broj ne može biti veći od 6656');
    expect(formatIssue(issues[0], 'en')).toBe('The number cannot be greater than 6656');
  });

  it("says 'Broj ne može biti manji od 1' below the minimum and rejects strings (no coercion)", () => {
    const { issues } = schemas.validate('rules/resource-limits', { CLOUDnIPs: 0, CLOUDnVM: '3' });
    expect(issues.map((i) => [i.path, i.key]).sort()).toEqual([
      ['/CLOUDnIPs', 'numberTooSmall'],
      ['/CLOUDnVM', 'invalidType'],
    ]);
  });

  it('follows a raised maximum in a copy of the schemas with no code change', () => {
    const dir = mkdtempSync(join(tmpdir(), 'schemas-'));
    try {
      cpSync(join(process.cwd(), 'schemas'), dir, { recursive: true });
      const file = join(dir, 'rules', 'resource-limits.json');
      const limits = JSON.parse(readFileSync(file, 'utf8'));
      limits.properties.HPCnSlotsCPU.maximum = 10000;
      writeFileSync(file, JSON.stringify(limits));
      expect(loadSchemaSet(dir).validate('rules/resource-limits', { HPCnSlotsCPU: 6657 }).valid).toBe(true);
      expect(schemas.validate('rules/resource-limits', { HPCnSlotsCPU: 6657 }).valid).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
