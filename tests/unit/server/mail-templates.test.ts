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
} from '../../../src/server/mail/mail-templates';

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

  it.each(kinds.map((k) => [k.value]))('%s writes every value as {{name}}, none in a single-brace form that would be sent as it stands', (name) => {
    for (const lang of MAIL_LANGUAGES) {
      const template = readMailTemplate(name, lang);
      expect(`${template.subject}\n${template.digest ?? ''}\n${template.body}`).not.toMatch(/(?<!\{)\{\??[A-Za-z]\w*\}(?!\})/);
    }
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
    const params = { identifier: 'NR-1', resources: 'CPU, GPU', dateEnd: '31.12.2027.', link: 'https://p/ui/my-requests/NR-1', keysLink: 'https://p/ui/public-keys' };
    const en = renderMail(schemas, 'request-approved', 'en', { ...params, name: 'GPU tests', recipientName: 'Ana Horvat' });
    expect(en.subject).toBe('Request approved');
    expect(en.body).toMatch(/^Dear Ana Horvat,\n/);
    expect(en.body).toContain(`Your request "GPU tests" (NR-1) for the ${schemas.service.serviceName.en} service has been approved.`);
    expect(en.body).toContain('Granted resources: CPU, GPU');
    const hr = renderMail(schemas, 'request-approved', 'hr', { ...params, name: 'GPU testovi' });
    expect(hr.body).toMatch(/^Poštovani\/a,\n/);
    expect(hr.body).toContain(`Vaš zahtjev "GPU testovi" (NR-1) za korištenje usluge ${schemas.service.serviceName.hr} je odobren.`);
    expect(() => renderMail(schemas, 'request-approved', 'hr', {})).toThrow(/"name"/);
  });

  it('keeps a line marked optional only when its value is given', () => {
    const params = { name: 'X', identifier: 'NR-1', link: 'https://p/ui/my-requests/NR-1' };
    const withReason = renderMail(schemas, 'request-denied', 'hr', { ...params, reason: 'Premalo podataka' });
    expect(withReason.body).toMatch(/nije odobren\.\n\nObrazloženje: Premalo podataka\n\nZahtjev u portalu:/);
    const without = renderMail(schemas, 'request-denied', 'en', { ...params, reason: '' });
    expect(without.body).not.toContain('Reason');
    expect(without.body).toMatch(/has been denied\.\n\nThe request in the portal:/);
  });
});
