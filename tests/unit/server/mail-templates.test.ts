import { readdirSync } from 'node:fs';
import path from 'node:path';
import { loadSchemaSet } from '../../../src/schema-runtime/node';
import {
  MAIL_LANGUAGES,
  MAIL_TEMPLATE_DIR,
  MAIL_TEMPLATES,
  placeholdersOf,
  readMailTemplate,
  renderMail,
} from '../../../src/server/services/mail-templates';

const schemas = loadSchemaSet();

describe('mail templates', () => {
  it.each(MAIL_TEMPLATES.map((name) => [name]))('%s has a subject and a body in Croatian and in English, with the same placeholders', (name) => {
    const [hr, en] = MAIL_LANGUAGES.map((lang) => readMailTemplate(name, lang));
    for (const template of [hr, en]) {
      expect(template.subject.length).toBeGreaterThan(0);
      expect(template.body.trim().length).toBeGreaterThan(0);
    }
    expect(placeholdersOf(en.subject + en.body)).toEqual(placeholdersOf(hr.subject + hr.body));
    expect(hr.body).not.toEqual(en.body);
  });

  it('has no template file that the code does not know and none that lacks a language', () => {
    for (const lang of MAIL_LANGUAGES) {
      const files = readdirSync(path.join(MAIL_TEMPLATE_DIR, lang)).sort();
      expect(files).toEqual([...MAIL_TEMPLATES].map((name) => `${name}.txt`).sort());
    }
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
