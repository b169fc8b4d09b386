import { defaultGrants, grantRules, grantsHoursIn, type GrantRuleSet } from '../../../src/schema-runtime/grant-rules';

/** A schema set holding only a rules/grants.json whose properties have the given consts. */
const setWith = (consts: Record<string, unknown>) => ({
  schema: () => ({ properties: Object.fromEntries(Object.entries(consts).map(([key, value]) => [key, { const: value }])) }),
});

const RULES: GrantRuleSet = {
  defaults: [
    { projectType: 'workshop', resourceType: 'CPU', cluster: 'supek', cpuh: 500 },
    { projectType: 'workshop', resourceType: 'GPU', cluster: 'supek', gpuh: 50 },
    { projectType: 'workshop', resourceType: 'PADOBRAN', cluster: 'padobran', cpuh: 200 },
    { projectType: 'thesis', resourceType: 'CPU', cluster: 'supek', cpuh: 20000 },
  ],
  thresholds: [],
  atFull: 'notify',
  efficiencyThreshold: 50,
};

describe('grantRules', () => {
  it('reads the consts of rules/grants.json, leaving out what is not stated', () => {
    const thresholds = [{ key: '75', percent: 75 }, { key: 'runs-out', runsOut: true }];
    expect(grantRules(setWith({ thresholds, atFull: 'flag' }))).toEqual({ defaults: [], thresholds, atFull: 'flag', efficiencyThreshold: 0 });
  });

  it('refuses a threshold with neither a percent nor runsOut, and an unknown atFull', () => {
    expect(() => grantRules(setWith({ thresholds: [{ key: 'half' }], atFull: 'notify' }))).toThrow('rules/grants threshold half needs a percent or runsOut');
    expect(() => grantRules(setWith({ atFull: 'stop' }))).toThrow("rules/grants atFull must be 'notify' or 'flag'");
  });
});

describe('defaultGrants', () => {
  it('adds up the defaults of the granted resource types per cluster', () => {
    expect(defaultGrants(RULES, 'workshop', ['CPU', 'GPU', 'PADOBRAN'])).toEqual([
      { cluster: 'supek', cpuh: 500, gpuh: 50 },
      { cluster: 'padobran', cpuh: 200 },
    ]);
  });

  it('suggests nothing for resource types or project types without a default', () => {
    expect(defaultGrants(RULES, 'workshop', ['JUPYTER'])).toEqual([]);
    expect(defaultGrants(RULES, 'institutional', ['CPU'])).toEqual([]);
    expect(defaultGrants(RULES, 'thesis', ['CPU', 'GPU'])).toEqual([{ cluster: 'supek', cpuh: 20000 }]);
  });
});

describe('grantsHoursIn', () => {
  const states = [{ value: 'approve', grantsHours: true }, { value: 'extend', grantsHours: true }, { value: 'deny' }];
  it('is true only for a state that grants hours', () => {
    expect(grantsHoursIn(states, 'approve')).toBe(true);
    expect(grantsHoursIn(states, 'deny')).toBe(false);
    expect(grantsHoursIn(states, 'unknown')).toBe(false);
  });
});
