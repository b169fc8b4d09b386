import { readdirSync } from 'node:fs';
import path from 'node:path';
import { loadSchemaSet } from '../../../src/schema-runtime/node';
import { mailRules } from '../../../src/schema-runtime';
import {
  MAIL_LANGUAGES,
  MAIL_TEMPLATE_DIR,
  placeholdersOf,
  readMailTemplate,
  renderDigestLine,
  renderMail,
} from '../../../src/server/services/mail-templates';

const schemas = loadSchemaSet();
const kinds = mailRules(schemas).kinds;

describe('mail templates', () => {
  it.each(kinds.map((k) => [k.value]))('%s has a subject and a body in Croatian and in English, with the same placeholders', (name) => {
    const [hr, en] = MAIL_LANGUAGES.map((lang) => readMailTemplate(name, lang));
    for (const template of [hr, en]) {
      expect(template.subject.length).toBeGreaterThan(0);
      expect(template.body.trim().length).toBeGreaterThan(0);
    }
    const all = (t: typeof hr) => `${t.subject}${t.digest ?? ''}${t.body}`;
    expect(placeholdersOf(all(en))).toEqual(placeholdersOf(all(hr)));
    expect(hr.body).not.toEqual(en.body);
  });

  it.each(kinds.filter((k) => k.routine).map((k) => [k.value]))('routine notice %s has its one-line digest form in both languages', (name) => {
    for (const lang of MAIL_LANGUAGES) expect(readMailTemplate(name, lang).digest).toEqual(expect.stringMatching(/\S/));
  });

  it('has a template file for every kind of rules/mail.json, none the rules do not know and none that lacks a language', () => {
    for (const lang of MAIL_LANGUAGES) {
      const files = readdirSync(path.join(MAIL_TEMPLATE_DIR, lang)).sort();
      expect(files).toEqual(kinds.map((k) => `${k.value}.txt`).sort());
    }
  });

  it('writes numbers the way the mail language does', () => {
    const params = { name: 'P', identifier: 'NR-1', month: '04/2027', cpuh: 1234.56, gpuh: 0.25, cpuhTotal: 5000, gpuhTotal: 2, link: 'x' };
    expect(renderDigestLine(schemas, 'usage-summary', 'hr', params)).toBe('Projekt "P" (NR-1) potrošio je u mjesecu 04/2027 1.234,6 CPU sati i 0,3 GPU sati.');
    expect(renderDigestLine(schemas, 'usage-summary', 'en', params)).toBe('The project "P" (NR-1) used 1,234.6 CPU hours and 0.3 GPU hours in 04/2027.');
  });

  it('falls back to the subject for a kind without a digest line (one made routine in the rules later)', () => {
    expect(renderDigestLine(schemas, 'request-approved', 'en', { name: 'X' })).toBe('Request approved');
  });

  it('fails loudly when a language lacks a template', () => {
    expect(() => readMailTemplate('invite', 'de')).toThrow(/invite\.txt/);
  });

  it('fills the placeholders and the service name, and refuses a missing one', () => {
    const en = renderMail(schemas, 'request-approved', 'en', { name: 'GPU tests' });
    expect(en.subject).toBe('Request approved');
    expect(en.body).toContain(`Your request "GPU tests" for the ${schemas.service.serviceName.en} service has been approved.`);
    const hr = renderMail(schemas, 'request-approved', 'hr', { name: 'GPU testovi' });
    expect(hr.body).toContain(`Vaš zahtjev "GPU testovi" za korištenje usluge ${schemas.service.serviceName.hr} je odobren.`);
    expect(() => renderMail(schemas, 'request-approved', 'hr', {})).toThrow(/"name"/);
  });

  it('keeps a line marked optional only when its value is given', () => {
    const withReason = renderMail(schemas, 'request-denied', 'hr', { name: 'X', reason: 'Premalo podataka' });
    expect(withReason.body).toMatch(/nije odobren\.\n\nObrazloženje: Premalo podataka$/);
    const without = renderMail(schemas, 'request-denied', 'en', { name: 'X', reason: '' });
    expect(without.body).not.toContain('Reason');
    expect(without.body.endsWith('has been denied.')).toBe(true);
  });
});
