import { LIVE_RULES, liveRulesFor } from '../../../src/schema-runtime/live-rules';
import { createSchemaCatalog } from '../../../src/schema-runtime/schema-catalog';
import { edited, shipped } from './shipped-docs';

const catalog = createSchemaCatalog(shipped);

describe('LIVE_RULES', () => {
  it('says in both languages what each rule needs', () => {
    expect(Object.keys(LIVE_RULES).sort()).toEqual(['installedSoftware', 'projectState', 'registryEligibility']);
    for (const rule of Object.values(LIVE_RULES)) expect(rule.hr).not.toBe(rule.en);
  });
});

describe('liveRulesFor', () => {
  it("names the rules at the schema's root whatever the payload", () => {
    expect(liveRulesFor(catalog, 'api/extension-new', {})).toEqual(['projectState']);
    expect(liveRulesFor(catalog, 'requests/research-project', 'not an object')).toEqual(['registryEligibility']);
  });

  it('adds the rules of a property the payload fills, inline or behind a $ref', () => {
    expect(liveRulesFor(catalog, 'api/project-change', { science_software: ['gromacs'] })).toEqual(['projectState', 'installedSoftware']);
    expect(liveRulesFor(catalog, 'requests/practical-class', { science_software: ['gromacs'] })).toEqual(['installedSoftware']);
  });

  it('leaves out a property sent empty, null or not at all', () => {
    for (const empty of [[], '', null, undefined]) expect(liveRulesFor(catalog, 'requests/practical-class', { science_software: empty })).toEqual([]);
    expect(liveRulesFor(catalog, 'requests/practical-class', { name: 'X' })).toEqual([]);
    expect(liveRulesFor(catalog, 'rules/resource-limits', { HPCnSlotsCPU: 4 })).toEqual([]);
  });

  it('names each rule once and ignores names it does not know', () => {
    const docs = edited('api/project-change', (d) => (d.liveRules = ['projectState', 'weather', 'installedSoftware']));
    expect(liveRulesFor(createSchemaCatalog(docs), 'api/project-change', { science_software: ['gromacs'] })).toEqual(['projectState', 'installedSoftware']);
  });

  it('refuses a schema that does not exist', () => {
    expect(() => liveRulesFor(catalog, 'api/nope', {})).toThrow('unknown schema api/nope');
  });
});
