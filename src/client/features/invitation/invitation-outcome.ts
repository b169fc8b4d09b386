import type hr from '@/client/i18n/hr.json';

export type InvitationTextKey = keyof typeof hr.invitation.outcome;

/** How an acceptance ended: joined (or already a collaborator), or refused with a reason. */
export interface InvitationOutcome {
  joined: boolean;
  text: InvitationTextKey;
}

/**
 * Server message fragments (reference §3.7), in English and in Croatian (the server answers in the
 * caller's language), matched case-insensitively in this order; the first that occurs decides the
 * text. 'duplicate key' means the user is already a collaborator, which the portal treats as success.
 */
const FRAGMENTS: readonly [fragment: string, outcome: InvitationOutcome][] = [
  ['invitation code already used', { joined: false, text: 'used' }],
  ['invitation code expired', { joined: false, text: 'expired' }],
  ['invitation was cancelled', { joined: false, text: 'cancelled' }],
  ['invitation for foreign collaborators', { joined: false, text: 'foreignOnly' }],
  ['invitation for local collaborators', { joined: false, text: 'localOnly' }],
  ['already assigned to project', { joined: false, text: 'alreadyMember' }],
  ['duplicate key', { joined: true, text: 'alreadyCollaborator' }],
  ['lead croris project', { joined: false, text: 'registryLead' }],
  ['associate croris project', { joined: false, text: 'registryAssociate' }],
  ['user croris project', { joined: false, text: 'registryProject' }],
  ['user institute project', { joined: false, text: 'instituteProject' }],
  ['pozivni kod je iskorišten', { joined: false, text: 'used' }],
  ['pozivni kod je istekao', { joined: false, text: 'expired' }],
  ['otkazao je pozivnicu', { joined: false, text: 'cancelled' }],
  ['namijenjen stranim suradnicima', { joined: false, text: 'foreignOnly' }],
  ['namijenjen domaćim suradnicima', { joined: false, text: 'localOnly' }],
  ['već je član projekta', { joined: false, text: 'alreadyMember' }],
  ['je voditelj projekta u sustavu croris', { joined: false, text: 'registryLead' }],
  ['je suradnik na projektu u sustavu croris', { joined: false, text: 'registryAssociate' }],
  ['već ima projekt iz sustava croris', { joined: false, text: 'registryProject' }],
  ['već ima institucijski projekt', { joined: false, text: 'instituteProject' }],
];

/**
 * The outcome of `GET invites/:key`: a success answer joins; an error is matched by its message.
 * Anything unrecognised is the generic failure.
 */
export function invitationOutcome(answer: { ok: true } | { ok: false; message: string }): InvitationOutcome {
  if (answer.ok) return { joined: true, text: 'success' };
  const message = answer.message.toLowerCase();
  const match = FRAGMENTS.find(([fragment]) => message.includes(fragment));
  return match ? match[1] : { joined: false, text: 'failed' };
}

/**
 * Whether the stored invitation key is used up: after joining, and after a refusal that trying
 * again cannot change. A network failure or a server error keeps the key for another try.
 */
export function invitationSettled(outcome: InvitationOutcome, status: number | null): boolean {
  if (outcome.joined) return true;
  return status !== null && status >= 400 && status < 500;
}
