import { createSchemaSet, retentionCutoff, retentionRules } from '../../../src/schema-runtime';
import { loadSchemaFiles, loadSchemaSet } from '../../../src/schema-runtime/node';

/** The schema set with rules/retention.json's rules replaced. */
function withRules(oneOf: unknown[]) {
  const docs = loadSchemaFiles().map((doc) => (doc.$id === 'https://portal.schemas/rules/retention.json' ? { ...doc, oneOf } : doc));
  return createSchemaSet(docs);
}

const label = { hr: 'x', en: 'x' };

describe('retention rules', () => {
  it('reads each rule with its period', () => {
    expect(retentionRules(loadSchemaSet()).map((r) => [r.value, r.period])).toEqual([
      ['login-attempts', { unit: 'days', count: 1 }],
      ['sent-mails', { unit: 'days', count: 365 }],
      ['inactive-users', { unit: 'years', count: 5 }],
    ]);
  });

  it('leaves out a rule the code does not know, and refuses one without a period or with two', () => {
    expect(retentionRules(withRules([{ const: 'sent-mails', days: 10, label }, { const: 'guesses', days: 1, label }])).map((r) => r.value)).toEqual(['sent-mails']);
    expect(() => retentionRules(withRules([{ const: 'sent-mails', label }]))).toThrow(/sent-mails needs days or years/);
    expect(() => retentionRules(withRules([{ const: 'sent-mails', days: 1, years: 1, label }]))).toThrow(/not both/);
    expect(() => retentionRules(withRules([{ const: 'sent-mails', days: 0.5, label }]))).toThrow(/whole number/);
  });

  it('counts a period back from now in days or calendar years', () => {
    const now = new Date('2026-03-01T10:00:00Z');
    expect(retentionCutoff({ unit: 'days', count: 30 }, now).toISOString()).toBe('2026-01-30T10:00:00.000Z');
    expect(retentionCutoff({ unit: 'years', count: 5 }, now).toISOString()).toBe('2021-03-01T10:00:00.000Z');
  });
});
