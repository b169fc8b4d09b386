import { judgePayload, judgementLines } from '../../../src/schema-runtime';
import { loadSchemaSet } from '../../../src/schema-runtime/node';

describe('the QA judgement (npm run validate and the rules QA page)', () => {
  const schemas = loadSchemaSet();

  it('says a valid payload matches, naming the rules the server checks with live data', () => {
    const judgement = judgePayload(schemas, 'api/extension-new', { reason: 'More time', date_end: '2027-01-31' }, 'user');
    expect(judgement).toMatchObject({ valid: true, issues: [], live: ['projectState'] });
    expect(judgementLines(judgement, 'the payload', 'api/extension-new', 'user', 'en')).toEqual([
      expect.stringMatching(/^not judged: projectState — /),
      'valid: the payload matches api/extension-new for user (the server also checks projectState)',
    ]);
  });

  it('lists every error with its path, its message in the language asked and its key', () => {
    const judgement = judgePayload(schemas, 'rules/resource-limits', { HPCnSlotsCPU: 6657, CLOUDnIPs: 0 }, 'user');
    expect(judgement.valid).toBe(false);
    const hr = judgementLines(judgement, 'zahtjev.json', 'rules/resource-limits', 'user', 'hr');
    expect(hr[0]).toBe('invalid: zahtjev.json does not match rules/resource-limits for user (2 errors)');
    expect(hr).toContain('  /HPCnSlotsCPU: Broj ne može biti veći od 6656 [numberTooLarge]');
    expect(judgementLines(judgement, 'x', 'rules/resource-limits', 'user', 'en')).toContain('  /CLOUDnIPs: The number cannot be less than 1 [numberTooSmall]');
  });

  it('judges for the caller’s role: a resource type only staff may give is refused for a user', () => {
    expect(judgePayload(schemas, 'rules/resource-types', 'PENKALA', 'staff').valid).toBe(true);
    const forUser = judgePayload(schemas, 'rules/resource-types', 'PENKALA', 'user');
    expect(forUser.valid).toBe(false);
    expect(forUser.issues.map((issue) => issue.key)).toContain('staffOnly');
  });

  it('refuses a schema the set does not hold', () => {
    expect(() => judgePayload(schemas, 'requests/no-such-type', {}, 'user')).toThrow();
  });
});
