/**
 * The mails about requests and projects (reference §5), written to the outbox in the transaction
 * of the change that causes them; the texts are templates (services/mail-templates.ts).
 */
import type { Trx } from '@/server/db/handle';
import type { UserRow } from '@/server/users/queries';
import { SCHEMA_IDS, type SchemaSet } from '@/schema-runtime';
import type { ServerConfig } from '@/server/config';
import { enqueueMail } from '../mail/outbox';
import { renderMail, STAFF_LANGUAGE } from '../mail/mail-templates';
import { sendNotice } from '../mail/notices';
import { type NoticeRecipient } from '@/server/mail/queries';
import { paths } from '@/schema-runtime/pages';

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

/** Link to a request or project in the portal; identifiers may hold '/' or spaces. */
export function portalLink(config: Pick<ServerConfig, 'publicUrl'>, area: 'requests' | 'projects', identifier: string): string {
  return `${config.publicUrl}${(area === 'requests' ? paths.requestDetail : paths.projectDetail).href(identifier)}`;
}

/** Tells staff about a new request. */
export async function mailNewRequest(
  trx: Trx,
  ctx: { schemas: SchemaSet; config: ServerConfig },
  request: { identifier: string; name: string; projectType: string; typeLabel: string; lead: Pick<UserRow, 'first_name' | 'last_name'> },
): Promise<void> {
  const { schemas, config } = ctx;
  const text = renderMail(schemas, 'request-new', STAFF_LANGUAGE, {
    phrase: newRequestPhrase(schemas, request.projectType, request.typeLabel),
    name: request.name,
    identifier: request.identifier,
    lead: `${request.lead.first_name} ${request.lead.last_name}`,
    link: portalLink(config, 'requests', request.identifier),
  });
  await enqueueMail(trx, { kind: 'request-new', to: schemas.service.staffEmail, ...text, lang: STAFF_LANGUAGE }, schemas);
}

/** Tells staff that a lead asked for an extension. */
export async function mailExtensionRequested(
  trx: Trx,
  ctx: { schemas: SchemaSet; config: ServerConfig },
  request: { identifier: string; name: string; dateEnd: string; reason: string; lead: Pick<UserRow, 'first_name' | 'last_name'> },
): Promise<void> {
  const { schemas, config } = ctx;
  const text = renderMail(schemas, 'extension-new', STAFF_LANGUAGE, {
    lead: `${request.lead.first_name} ${request.lead.last_name}`,
    name: request.name,
    identifier: request.identifier,
    dateEnd: request.dateEnd,
    reason: request.reason,
    link: portalLink(config, 'projects', request.identifier),
  });
  await enqueueMail(trx, { kind: 'extension-new', to: schemas.service.staffEmail, ...text, lang: STAFF_LANGUAGE }, schemas);
}

/** Tells staff that a user added an SSH key. */
export async function mailKeyAdded(
  trx: Trx,
  schemas: SchemaSet,
  key: { user: Pick<UserRow, 'first_name' | 'last_name' | 'username'>; name: string; fingerprint: string },
): Promise<void> {
  const text = renderMail(schemas, 'ssh-key-added', STAFF_LANGUAGE, {
    user: `${key.user.first_name} ${key.user.last_name}`,
    username: key.user.username,
    keyName: key.name,
    fingerprint: key.fingerprint,
  });
  await enqueueMail(trx, { kind: 'ssh-key-added', to: schemas.service.staffEmail, ...text, lang: STAFF_LANGUAGE }, schemas);
}

/** The outcome a lead is told about. */
export type Outcome = 'approved' | 'denied' | 'extended';

/**
 * Tells the lead the outcome of processing, in the lead's language, with staff in copy: a decision,
 * which rules/mail.json sends at once whatever the lead chose for routine notices. Every outcome
 * carries the link to the request; an approval the granted resources and the next step (a public
 * key, then the cluster); a denial the staff comment as the reason.
 */
export async function mailOutcome(
  trx: Trx,
  ctx: { schemas: SchemaSet; config: Pick<ServerConfig, 'publicUrl'> },
  mail: { outcome: Outcome; lead: NoticeRecipient; projectId: number; identifier: string; name: string; dateEnd: string | null; granted: readonly string[]; comment?: string },
): Promise<void> {
  const { schemas, config } = ctx;
  await sendNotice(trx, schemas, {
    kind: `request-${mail.outcome}`,
    to: mail.lead,
    projectId: mail.projectId,
    params: {
      name: mail.name,
      identifier: mail.identifier,
      dateEnd: mail.dateEnd ?? '',
      reason: mail.outcome === 'denied' ? (mail.comment ?? '') : '',
      resources: mail.granted.join(', '),
      // The lead's own view of the request; the next steps (a key, the collaborators) start there.
      link: `${config.publicUrl}${paths.myRequestDetail.href(mail.identifier)}`,
      keysLink: `${config.publicUrl}${paths.publicKeys.href}`,
    },
    cc: schemas.service.staffEmail,
  });
}
