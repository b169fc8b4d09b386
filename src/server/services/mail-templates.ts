/**
 * The mails' texts, one template file per mail and language in `src/server/mail-templates/<lang>/`
 * (docs/decisions/0150-accessible-pages-and-mail-templates.md). A template is plain text: the
 * first line is `Subject: …`, then an empty line, then the body. `{name}` is replaced by the
 * parameter `name` (every one must be given; `{service}` is the service name in the mail's
 * language); a line starting with `{?name}` is kept, without the marker, only when `name` is not
 * empty.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { SchemaSet } from '../../schema-runtime';
import type { Database } from '../db/tables';
import type { Kysely, Transaction } from 'kysely';

export const MAIL_LANGUAGES = ['hr', 'en'] as const;
export type MailLanguage = (typeof MAIL_LANGUAGES)[number];

/** Every mail the portal sends; each has a template in every language. */
export const MAIL_TEMPLATES = [
  'invite',
  'invite-accepted',
  'request-new',
  'extension-new',
  'request-approved',
  'request-denied',
  'request-extended',
  'project-ending',
  'project-end-reminder',
  'project-expired',
  'ssh-key-added',
] as const;
export type MailTemplate = (typeof MAIL_TEMPLATES)[number];

export type MailParams = Record<string, string | number | null | undefined>;

/** The folder of the templates (overridable for tests of the loader). */
export const MAIL_TEMPLATE_DIR = path.join(__dirname, '..', 'mail-templates');

const cache = new Map<string, { subject: string; body: string }>();

/** Reads and splits one template file; throws when it is missing or has no subject line. */
export function readMailTemplate(name: string, lang: string, dir = MAIL_TEMPLATE_DIR): { subject: string; body: string } {
  const file = path.join(dir, lang, `${name}.txt`);
  const cached = cache.get(file);
  if (cached) return cached;
  const text = readFileSync(file, 'utf8').replace(/\r\n/g, '\n');
  const match = /^Subject: (.+)\n\n([\s\S]*)$/.exec(text);
  if (!match) throw new Error(`mail template ${lang}/${name}.txt must start with "Subject: …" and an empty line`);
  const template = { subject: match[1].trim(), body: match[2] };
  cache.set(file, template);
  return template;
}

/** The placeholder names a text uses (`{name}` and `{?name}`). */
export function placeholdersOf(text: string): string[] {
  return [...new Set([...text.matchAll(/\{\??([A-Za-z][A-Za-z0-9]*)\}/g)].map((m) => m[1]))].sort();
}

function fill(text: string, params: MailParams, where: string): string {
  return text.replace(/\{([A-Za-z][A-Za-z0-9]*)\}/g, (_, key: string) => {
    const value = params[key];
    if (value === undefined || value === null) throw new Error(`mail template ${where} needs "${key}"`);
    return String(value);
  });
}

/** Subject and body of a mail in a language, its placeholders filled. */
export function renderMail(schemas: SchemaSet, name: MailTemplate, lang: MailLanguage, params: MailParams): { subject: string; body: string } {
  const template = readMailTemplate(name, lang);
  const all: MailParams = { service: schemas.service.serviceName[lang], ...params };
  const where = `${lang}/${name}`;
  const body = template.body
    .split('\n')
    .flatMap((line) => {
      const optional = /^\{\?([A-Za-z][A-Za-z0-9]*)\}/.exec(line);
      if (!optional) return [line];
      const value = all[optional[1]];
      return value === undefined || value === null || value === '' ? [] : [line.slice(optional[0].length)];
    })
    .join('\n');
  return { subject: fill(template.subject, all, where), body: fill(body, all, where) };
}

/**
 * The language a user reads mails in: the interface language they last used, else English for
 * foreign users and Croatian for everyone else.
 */
export function recipientLanguage(user: { person_type: string; language: string | null }): MailLanguage {
  if (user.language === 'en' || user.language === 'hr') return user.language;
  return user.person_type === 'foreign' ? 'en' : 'hr';
}

/**
 * The language to write to an address in: the stored interface language of the user with that
 * e-mail, or `fallback` when no user has it.
 */
export async function languageOfAddress(
  db: Kysely<Database> | Transaction<Database>,
  email: string,
  fallback: MailLanguage,
): Promise<MailLanguage> {
  const user = await db
    .selectFrom('users')
    .select(['language', 'person_type'])
    .where((eb) => eb(eb.fn('lower', ['person_mail']), '=', email.toLowerCase()))
    .orderBy('last_login', (ob) => ob.desc().nullsLast())
    .executeTakeFirst();
  return user ? recipientLanguage(user) : fallback;
}
