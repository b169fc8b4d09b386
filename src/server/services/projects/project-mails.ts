/**
 * The mails about requests and projects (reference §5), written to the outbox in the transaction
 * of the change that causes them.
 */
import type { Transaction } from 'kysely';
import type { Database, UserRow } from '../../db/tables';
import { SCHEMA_IDS, type SchemaSet } from '../../../schema-runtime';
import type { ServerConfig } from '../../config';
import { enqueueMail } from '../outbox';

type Lang = 'hr' | 'en';

/**
 * The phrase after "Prijava " in the staff mail about a new request: `newRequestPhrase` of the
 * project type in rules/project-types.json, or the request type's chooser label when it has none.
 */
function newRequestPhrase(schemas: SchemaSet, projectType: string, fallback: string): string {
  const type = schemas
    .vocabulary<{ newRequestPhrase?: string }>(SCHEMA_IDS.projectTypes)
    .find((t) => t.value === projectType);
  return type?.newRequestPhrase ?? fallback;
}

const SALUTATION: Record<Lang, string> = { hr: 'Poštovani/a,', en: 'Dear,' };

/** Link to a request or project in the portal; identifiers may hold '/' or spaces. */
export function portalLink(config: Pick<ServerConfig, 'publicUrl'>, area: 'requests' | 'projects', identifier: string): string {
  return `${config.publicUrl}/ui/${area}/${encodeURIComponent(identifier)}`;
}

/** Tells staff about a new request. */
export async function mailNewRequest(
  trx: Transaction<Database>,
  ctx: { schemas: SchemaSet; config: ServerConfig },
  request: { identifier: string; name: string; projectType: string; typeLabel: string; lead: Pick<UserRow, 'first_name' | 'last_name'> },
): Promise<void> {
  const { schemas, config } = ctx;
  await enqueueMail(
    trx,
    {
      kind: 'request-new',
      to: schemas.service.staffEmail,
      subject: `Prijava ${newRequestPhrase(schemas, request.projectType, request.typeLabel)}`,
      body: [
        SALUTATION.hr,
        '',
        `podnesen je novi zahtjev "${request.name}" (${request.identifier}).`,
        `Voditelj: ${request.lead.first_name} ${request.lead.last_name}`,
        '',
        `Zahtjev možete obraditi na: ${portalLink(config, 'requests', request.identifier)}`,
      ].join('\n'),
      lang: 'hr',
    },
    schemas,
  );
}

/** Tells staff that a lead asked for an extension. */
export async function mailExtensionRequested(
  trx: Transaction<Database>,
  ctx: { schemas: SchemaSet; config: ServerConfig },
  request: { identifier: string; name: string; dateEnd: string; reason: string; lead: Pick<UserRow, 'first_name' | 'last_name'> },
): Promise<void> {
  const { schemas, config } = ctx;
  await enqueueMail(
    trx,
    {
      kind: 'extension-new',
      to: schemas.service.staffEmail,
      subject: 'Zahtjev za produljenje projekta',
      body: [
        SALUTATION.hr,
        '',
        `voditelj ${request.lead.first_name} ${request.lead.last_name} traži produljenje projekta "${request.name}" (${request.identifier}) do ${request.dateEnd}.`,
        `Obrazloženje: ${request.reason}`,
        '',
        `Zahtjev možete obraditi na: ${portalLink(config, 'projects', request.identifier)}`,
      ].join('\n'),
      lang: 'hr',
    },
    schemas,
  );
}

/** The outcome a lead is told about. */
export type Outcome = 'approved' | 'denied' | 'extended';

const SUBJECTS: Record<Outcome, Record<Lang, string>> = {
  approved: { hr: 'Zahtjev odobren', en: 'Request approved' },
  denied: { hr: 'Zahtjev nije odobren', en: 'Request denied' },
  extended: { hr: 'Zahtjev produljen', en: 'Request extended' },
};

function outcomeText(outcome: Outcome, lang: Lang, name: string, service: string, dateEnd: string | null): string {
  if (lang === 'hr') {
    if (outcome === 'approved') return `Vaš zahtjev "${name}" za korištenje usluge ${service} je odobren.`;
    if (outcome === 'extended') return `Vaš projekt "${name}" na usluzi ${service} produljen je do ${dateEnd ?? ''}.`;
    return `Vaš zahtjev "${name}" za korištenje usluge ${service} nije odobren.`;
  }
  if (outcome === 'approved') return `Your request "${name}" for the ${service} service has been approved.`;
  if (outcome === 'extended') return `Your project "${name}" on the ${service} service has been extended until ${dateEnd ?? ''}.`;
  return `Your request "${name}" for the ${service} service has been denied.`;
}

/**
 * Tells the lead the outcome of processing: in Croatian for local leads, in English for foreign
 * ones, with staff in copy. A denial carries the staff comment as the reason.
 */
export async function mailOutcome(
  trx: Transaction<Database>,
  schemas: SchemaSet,
  mail: { outcome: Outcome; lead: Pick<UserRow, 'person_mail' | 'person_type'>; name: string; dateEnd: string | null; comment?: string },
): Promise<void> {
  if (!mail.lead.person_mail) return;
  const lang: Lang = mail.lead.person_type === 'foreign' ? 'en' : 'hr';
  const lines = [SALUTATION[lang], '', outcomeText(mail.outcome, lang, mail.name, schemas.service.serviceName[lang], mail.dateEnd)];
  if (mail.outcome === 'denied' && mail.comment) lines.push('', `${lang === 'hr' ? 'Obrazloženje' : 'Reason'}: ${mail.comment}`);
  await enqueueMail(
    trx,
    { kind: `request-${mail.outcome}`, to: mail.lead.person_mail, cc: schemas.service.staffEmail, subject: SUBJECTS[mail.outcome][lang], body: lines.join('\n'), lang },
    schemas,
  );
}
