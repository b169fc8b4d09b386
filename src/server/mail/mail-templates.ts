/**
 * The mails' texts, one template file per mail and language in `src/server/mail-templates/<lang>/`
 * (docs/decisions/0150-accessible-pages-and-mail-templates.md). A template is plain text: the
 * first line is `Subject: …`, a routine notice's (rules/mail.json) second line `Digest: …` — its
 * one-line form in the weekly digest — then an empty line, then the body. `{{name}}` is replaced by
 * the parameter `name` (every one must be given; `{{service}}` is the service name in the mail's
 * language; numbers are written the language's way); a line starting with `{{?name}}` is kept,
 * without the marker, only when `name` is not empty. Values are written `{{name}}` as in every
 * other text of the portal (docs/decisions/0340-one-error-table-one-text-syntax.md).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { MailKind } from '@generated';
import type { SchemaSet } from '@/schema-runtime';
import type { Db } from '@/server/db/handle';
import { languageOfUserWithAddress } from '@/server/users/queries';

export const MAIL_LANGUAGES = ['hr', 'en'] as const;
export type MailLanguage = (typeof MAIL_LANGUAGES)[number];

/** Mails to the staff address are in Croatian, the staff's language. */
export const STAFF_LANGUAGE: MailLanguage = 'hr';

/** Every mail the portal sends is a kind of rules/mail.json, with a template in every language. */
export type MailTemplate = MailKind;

export type MailParams = Record<string, string | number | null | undefined>;

/** The folder of the templates (overridable for tests of the loader). */
export const MAIL_TEMPLATE_DIR = path.join(__dirname, '..', 'mail-templates');

/** A template file split into its parts; `digest` only for routine notices. */
export interface MailTemplateText {
  subject: string;
  digest?: string;
  body: string;
}

const cache = new Map<string, MailTemplateText>();

/** Reads and splits one template file; throws when it is missing or has no subject line. */
export function readMailTemplate(name: string, lang: string, dir = MAIL_TEMPLATE_DIR): MailTemplateText {
  const file = path.join(dir, lang, `${name}.txt`);
  const cached = cache.get(file);
  if (cached) return cached;
  const text = readFileSync(file, 'utf8').replace(/\r\n/g, '\n');
  const match = /^Subject: (.+)\n(?:Digest: (.+)\n)?\n([\s\S]*)$/.exec(text);
  if (!match) throw new Error(`mail template ${lang}/${name}.txt must start with "Subject: …" (and "Digest: …") and an empty line`);
  const template = { subject: match[1].trim(), ...(match[2] ? { digest: match[2].trim() } : {}), body: match[3] };
  cache.set(file, template);
  return template;
}

/** The placeholder names a text uses (`{{name}}` and `{{?name}}`). */
export function placeholdersOf(text: string): string[] {
  return [...new Set([...text.matchAll(/\{\{\??([A-Za-z][A-Za-z0-9]*)\}\}/g)].map((m) => m[1]))].sort();
}

const NUMBER_LOCALES: Record<MailLanguage, string> = { hr: 'hr-HR', en: 'en-GB' };

function fill(text: string, params: MailParams, lang: MailLanguage, where: string): string {
  return text.replace(/\{\{([A-Za-z][A-Za-z0-9]*)\}\}/g, (_, key: string) => {
    const value = params[key];
    if (value === undefined || value === null) throw new Error(`mail template ${where} needs "${key}"`);
    return typeof value === 'number' ? value.toLocaleString(NUMBER_LOCALES[lang], { maximumFractionDigits: 1 }) : String(value);
  });
}

/**
 * The opening line of a mail: by name when the reader is known (`recipientName`), otherwise a
 * greeting that reads as a sentence on its own (an English "Dear," with no name does not).
 */
export function greetingFor(lang: MailLanguage, recipientName?: string | number | null): string {
  const name = String(recipientName ?? '').trim();
  if (lang === 'en') return name ? `Dear ${name},` : 'Hello,';
  return name ? `Poštovani/a ${name},` : 'Poštovani/a,';
}

/**
 * Subject and body of a mail in a language, its placeholders filled; `{{greeting}}` comes from the
 * optional `recipientName` parameter ({@link greetingFor}).
 */
export function renderMail(schemas: SchemaSet, name: MailTemplate, lang: MailLanguage, params: MailParams): { subject: string; body: string } {
  const template = readMailTemplate(name, lang);
  const all: MailParams = { service: schemas.service.serviceName[lang], greeting: greetingFor(lang, params.recipientName), ...params };
  const where = `${lang}/${name}`;
  const body = template.body
    .split('\n')
    .flatMap((line) => {
      const optional = /^\{\{\?([A-Za-z][A-Za-z0-9]*)\}\}/.exec(line);
      if (!optional) return [line];
      const value = all[optional[1]];
      return value === undefined || value === null || value === '' ? [] : [line.slice(optional[0].length)];
    })
    .join('\n');
  return { subject: fill(template.subject, all, lang, where), body: fill(body, all, lang, where) };
}

/**
 * The one-line form of a routine notice in the weekly digest: its template's `Digest:` line, or its
 * subject when a kind made routine in rules/mail.json has no such line yet.
 */
export function renderDigestLine(schemas: SchemaSet, name: MailTemplate, lang: MailLanguage, params: MailParams): string {
  const template = readMailTemplate(name, lang);
  return fill(template.digest ?? template.subject, { service: schemas.service.serviceName[lang], ...params }, lang, `${lang}/${name}`);
}

/** What decides the language of a user's mails. */
export type LanguageFacts = { person_type: string; language: string | null; mail_language: string | null };

const isMailLanguage = (value: string | null): value is MailLanguage => value === 'hr' || value === 'en';

/**
 * The language a user reads mails in: the one they chose for mails on my-info, else the interface
 * language they last used, else English for foreign users and Croatian for everyone else.
 */
export function recipientLanguage(user: LanguageFacts): MailLanguage {
  if (isMailLanguage(user.mail_language)) return user.mail_language;
  if (isMailLanguage(user.language)) return user.language;
  return user.person_type === 'foreign' ? 'en' : 'hr';
}

/**
 * The language to write to an address in: that of the user with that e-mail (recipientLanguage),
 * or `fallback` when no user has it.
 */
export async function languageOfAddress(
  db: Db,
  email: string,
  fallback: MailLanguage,
): Promise<MailLanguage> {
  const user = await languageOfUserWithAddress(db, email);
  return user ? recipientLanguage(user) : fallback;
}
