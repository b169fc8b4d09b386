import { createSchemaSet, mailRules } from '../../../src/schema-runtime';
import { loadSchemaFiles, loadSchemaSet } from '../../../src/schema-runtime/node';

/** The schema set with rules/mail.json's digest schedule replaced. */
function withDigest(digest: unknown) {
  const docs = loadSchemaFiles().map((doc) => (doc.$id === 'https://portal.schemas/rules/mail.json' ? { ...doc, digest } : doc));
  return createSchemaSet(docs);
}

describe('mail rules', () => {
  const rules = mailRules(loadSchemaSet());

  it('names the routine notices, and keeps decisions and expiry notices out of them', () => {
    expect(rules.kinds.filter((k) => k.routine).map((k) => k.value)).toEqual(['invite-accepted', 'member-signed-off', 'membership-ended', 'usage-summary']);
    for (const kind of ['request-approved', 'request-denied', 'request-extended', 'project-ending', 'project-end-reminder', 'project-expired'])
      expect(rules.kind(kind).routine).toBe(false);
  });

  it('reads the digest schedule, the default delivery and the usage summary delay', () => {
    expect(rules.digest).toEqual({ weekday: 1, hour: 8, timeZone: 'Europe/Zagreb', everyMs: 600000 });
    expect(rules.routineDefault).toBe('immediate');
    expect(rules.kind('usage-summary').afterMonthDays).toBe(2);
  });

  it('refuses an unknown kind and a schedule out of range', () => {
    expect(() => rules.kind('newsletter')).toThrow(/no mail kind newsletter/);
    expect(() => mailRules(withDigest({ weekday: 0, hour: 8, timeZone: 'Europe/Zagreb', everyMs: 600000 }))).toThrow(/weekday 1-7/);
    expect(() => mailRules(withDigest({ weekday: 1, hour: 24, timeZone: 'Europe/Zagreb', everyMs: 600000 }))).toThrow(/hour 0-23/);
    expect(mailRules(withDigest({ weekday: 7, hour: 23, timeZone: 'UTC', everyMs: 60000 })).digest.weekday).toBe(7);
  });
});
