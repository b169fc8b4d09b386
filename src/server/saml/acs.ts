import type { Profile } from '@node-saml/node-saml';
import type { AppContext } from '@/server/context';
import type { UserRow } from '@/server/users/queries';
import { readAttributes, findValues } from './attributes';
import { edugainLogin, nationalLogin, readUserMap, type Refusal } from './federated-users';
import { consumeRequest, consumeUnsolicited, requestState } from './request-store';
import { LANDING_PAGE, portalPath } from '../sessions/redirect-target';
import { usernameMaxLength } from '@/schema-runtime';
import type { FederationName, ServiceProvider } from './service-providers';
import { screenPostedMessage } from './incoming-messages';
import { screenEncryptedAssertion } from './encrypted-assertion';
import { XmlLimitError } from './xml-limits';
import { element, elements, parseXml, protocolRoot, textOf } from './xml';
import { paths } from '@/schema-runtime/pages';

/** Where a refused response sends the browser, and why (for the log). */
export interface AcsFailure {
  ok: false;
  redirect: string;
  reason: string;
  /** Set when the assertion was refused for its time: the clock skew allowed, for the error log. */
  clockSkewSeconds?: number;
}

export interface AcsSuccess {
  ok: true;
  user: UserRow;
  created: boolean;
  /** The identity provider's entityID, kept in the session as saml2_idp. */
  issuer: string;
  nameId: string;
  nameIdFormat: string | null;
  sessionIndex: string | null;
  /** The service provider the user signed in through (kept in the session for single logout). */
  federation: FederationName;
  /** The AuthnRequest this response answered; null for an allowed unsolicited response. */
  requestId: string | null;
}

/** A response that could not be trusted: the generic error page (no detail for the browser). */
export const SAML_FAILED_PAGE = `${paths.error.href}?reason=saml`;
/** Too many federation messages waiting to be read (services/saml/message-gate.ts): try again in a moment. */
export const SAML_BUSY_PAGE = `${paths.error.href}?reason=busy`;

/**
 * The error pages of the client's saml2-error route: what happened, in the user's language, with
 * a way to start again at the federation the user came through (`?federation=`).
 */
export type SamlErrorType = 'edugainattrs' | 'edugainmultiple' | 'notallowed' | 'otherbrowser' | 'expired' | 'unsolicited';

export function samlErrorPage(errorType: SamlErrorType, federation: FederationName, missing: string[] = []): string {
  const query = new URLSearchParams({ federation });
  if (missing.length) query.set('missing', missing.join(','));
  return `${paths.saml2Error.href(errorType)}?${query.toString()}`;
}

function failed(reason: string, redirect = SAML_FAILED_PAGE): AcsFailure {
  return { ok: false, redirect, reason };
}

/**
 * The error page of a refused login (spec point 2, "eduGAIN / SAML error page"). Its generic
 * variant says eduGAIN is not allowed, so other refusals at the national SP (an inactive account,
 * a malformed OIB) get the generic error page instead.
 */
export function refusalPage(refusal: Refusal, federation: FederationName): string {
  if (refusal.errorType === 'notallowed' && federation === 'national') return SAML_FAILED_PAGE;
  return samlErrorPage(refusal.errorType, federation, refusal.missing ?? []);
}

/**
 * The checks node-saml leaves to its caller: the response is addressed to this ACS (Destination,
 * when present), the signed assertion's subject confirmation names this ACS as Recipient, and the
 * assertion was issued by this federation's identity provider (node-saml compares the Issuer of
 * logout messages only: a key that signs for one entity must not speak for another). The response's
 * own Issuer is optional (SAML profiles §4.1.4.2) but, when present, must name the same entity.
 */
function addressingError(sp: ServiceProvider, profile: Profile): string | undefined {
  const responseXml = profile.getSamlResponseXml?.();
  const assertionXml = profile.getAssertionXml?.();
  if (!responseXml || !assertionXml) return 'response without an assertion';
  const response = protocolRoot(responseXml, 'Response');
  const dest = response?.getAttribute('Destination');
  if (dest && dest !== sp.acsUrl) return `Destination ${dest} is not ${sp.acsUrl}`;
  const recipients = confirmationValues(assertionXml, 'Recipient');
  if (!recipients.includes(sp.acsUrl)) return `Recipient ${recipients.join(', ') || '(none)'} is not ${sp.acsUrl}`;
  const assertionIssuer = element(parseXml(assertionXml), '/saml:Assertion/saml:Issuer');
  const issuers = [assertionIssuer, response && element(response, './saml:Issuer')].map((issuer) => issuer && textOf(issuer).trim());
  if (issuers[0] !== sp.idp.entityId) return `assertion issued by ${issuers[0] ?? '(none)'}, not ${sp.idp.entityId}`;
  if (issuers[1] !== undefined && issuers[1] !== sp.idp.entityId) return `response issued by ${issuers[1]}, not ${sp.idp.entityId}`;
  return undefined;
}

/** node-saml's words for an assertion outside its validity window (with the allowed skew). */
const TIME_REFUSAL = /not yet valid|expired|no valid subject confirmation/i;

/** A validation error; one about time says so with the clock skew in use (SAML_CLOCK_SKEW_SECONDS). */
function validationFailure(ctx: AppContext, error: unknown): AcsFailure {
  const message = error instanceof Error ? error.message : String(error);
  if (!TIME_REFUSAL.test(message)) return failed(message);
  const clockSkewSeconds = ctx.config.saml.clockSkewSeconds;
  return { ...failed(`${message} (clock skew allowed: ${clockSkewSeconds} s, SAML_CLOCK_SKEW_SECONDS)`), clockSkewSeconds };
}

/** How xml-encryption (through node-saml) says an encrypted assertion did not open with the key it was given. */
const DECRYPTION_FAILURE = /rsa routines|oaep|decrypt|EncryptedAssertion/i;

/**
 * node-saml's validation with the current key, and during a certificate rollover, when the
 * assertion is encrypted and does not open with it, with the next key (the identity provider may
 * encrypt for either published certificate). Both keys refusing: the current key's reason, unless
 * that was the decryption, then the next key's. Before node-saml decrypts with a key, the
 * encrypted assertion is screened with it (encrypted-assertion.ts): one beyond the bounds is
 * refused with neither key.
 */
async function validate(sp: ServiceProvider, which: 'saml' | 'unsolicitedSaml', samlResponse: string, responseXml: string) {
  try {
    await screenEncryptedAssertion(responseXml, sp.keys.key);
    return await sp[which].validatePostResponseAsync({ SAMLResponse: samlResponse });
  } catch (error) {
    if (error instanceof XmlLimitError || !sp.next || !responseXml.includes('EncryptedAssertion')) throw error;
    try {
      await screenEncryptedAssertion(responseXml, sp.next.keys.key);
      return await sp.next[which].validatePostResponseAsync({ SAMLResponse: samlResponse });
    } catch (second) {
      throw DECRYPTION_FAILURE.test((error as Error).message) || second instanceof XmlLimitError ? second : error;
    }
  }
}

/**
 * The InResponseTo the response claims, read before any verification (so only ever used to refuse
 * or to pick the request to check): null when it has none, undefined when it cannot be read.
 */
function claimedInResponseTo(responseXml: string): string | null | undefined {
  const response = protocolRoot(responseXml, 'Response');
  if (!response?.getAttribute('ID')) return undefined;
  return response.getAttribute('InResponseTo') || null;
}

/** Attribute values of the signed assertion's subject confirmations (node-saml leaves some unchecked without InResponseTo). */
function confirmationValues(assertionXml: string, attribute: 'InResponseTo' | 'NotOnOrAfter' | 'Recipient'): string[] {
  const path = '/saml:Assertion/saml:Subject/saml:SubjectConfirmation/saml:SubjectConfirmationData';
  return elements(parseXml(assertionXml), path)
    .map((data) => data.getAttribute(attribute))
    .filter((value): value is string => Boolean(value));
}

/**
 * Validates a posted SAMLResponse and finds or creates its user. In order: the response must
 * answer a request this browser started (`pending`, from its binding cookie) and still awaiting
 * its answer; node-saml checks the assertion signature against the identity provider's
 * certificate, the issuer, audience, times (with the configured clock skew) and InResponseTo; we
 * check the addressing, then consume the request id atomically, so a response is accepted exactly
 * once across all processes. Only then are users written. A response without InResponseTo is
 * refused unless the federation allows unsolicited responses (`unsolicitedLogin`).
 */
export async function consumeLoginResponse(
  ctx: AppContext,
  sp: ServiceProvider,
  samlResponse: unknown,
  pending: readonly string[],
): Promise<AcsSuccess | AcsFailure> {
  if (typeof samlResponse !== 'string' || samlResponse === '') return failed('no SAMLResponse in the request');
  // Bounded in size and depth, without a DOCTYPE, before anything parses it (node-saml included).
  const screened = screenPostedMessage(samlResponse, 'response');
  if (!screened.ok) return failed(screened.reason);
  const claimed = claimedInResponseTo(screened.xml);
  if (claimed === undefined) return failed('SAMLResponse is not a SAML Response');
  if (claimed === null) return unsolicitedLogin(ctx, sp, samlResponse, screened.xml);
  const shown = claimed.slice(0, 80);
  if (claimed.length > 128) return failed(`response to a request id this service provider never sends (${shown}…)`);
  // Refused before any verification, and without consuming anything: a response captured from
  // another browser cannot spend that browser's sign-in.
  const state = await requestState(ctx.db, sp.name, claimed);
  if (!pending.includes(claimed)) {
    if (state === 'pending') return failed(`response to request ${shown}, which this browser did not start`, samlErrorPage('otherbrowser', sp.name));
    if (state === 'spent') return failed(`response to request ${shown}, already answered or expired`, samlErrorPage('expired', sp.name));
    return failed(`response to request ${shown}, which this service provider never sent`);
  }
  if (state === 'spent') return failed(`request ${shown} was already answered or has expired`, samlErrorPage('expired', sp.name));
  if (state === 'unknown') return failed(`response to request ${shown}, which this service provider never sent`);

  let profile: Profile | null;
  try {
    ({ profile } = await validate(sp, 'saml', samlResponse, screened.xml));
  } catch (error) {
    // Another process answered the request meanwhile (the same response posted twice at once).
    if (/InResponseTo is not valid/.test((error as Error).message) && (await requestState(ctx.db, sp.name, claimed)) === 'spent')
      return failed(`request ${shown} was answered meanwhile`, samlErrorPage('expired', sp.name));
    return validationFailure(ctx, error);
  }
  if (!profile) return failed('response without a profile');
  const addressing = addressingError(sp, profile);
  if (addressing) return failed(addressing);
  if (profile.inResponseTo !== claimed) return failed('InResponseTo changed during validation');
  if (!(await consumeRequest(ctx.db, sp.name, claimed))) return failed(`request ${shown} was already answered`, samlErrorPage('expired', sp.name));
  return signIn(ctx, sp, profile, claimed);
}

/**
 * An identity-provider-started sign-in: refused unless `SAML_ALLOW_UNSOLICITED` names the
 * federation. Then node-saml validates it without InResponseTo, and we check what it skips for such
 * a response: the signed assertion answers no request either (otherwise it is a solicited response
 * stripped of its InResponseTo), a subject confirmation is still valid, and the assertion is used
 * once (its ID is recorded until it expires).
 */
async function unsolicitedLogin(ctx: AppContext, sp: ServiceProvider, samlResponse: string, responseXml: string): Promise<AcsSuccess | AcsFailure> {
  if (!ctx.config.saml.allowUnsolicited.includes(sp.name))
    return failed('unsolicited response (SAML_ALLOW_UNSOLICITED does not name this federation)', samlErrorPage('unsolicited', sp.name));
  let profile: Profile | null;
  try {
    ({ profile } = await validate(sp, 'unsolicitedSaml', samlResponse, responseXml));
  } catch (error) {
    return validationFailure(ctx, error);
  }
  if (!profile) return failed('response without a profile');
  const addressing = addressingError(sp, profile);
  if (addressing) return failed(addressing);
  const assertionXml = profile.getAssertionXml?.() ?? '';
  if (confirmationValues(assertionXml, 'InResponseTo').length) return failed('the signed assertion answers a request, the response names none');
  const skewMs = ctx.config.saml.clockSkewSeconds * 1000;
  const until = confirmationValues(assertionXml, 'NotOnOrAfter')
    .map((value) => Date.parse(value))
    .filter((time) => Number.isFinite(time));
  if (!until.length) return failed('unsolicited assertion without a subject confirmation NotOnOrAfter');
  const validUntil = Math.max(...until) + skewMs;
  if (Date.now() >= validUntil) return validationFailure(ctx, new Error('SAML assertion expired: no valid subject confirmation'));
  const assertionId = parseXml(assertionXml).documentElement.getAttribute('ID');
  if (!assertionId) return failed('assertion without an ID');
  if (!(await consumeUnsolicited(ctx.db, sp.name, assertionId, new Date(validUntil))))
    return failed(`unsolicited assertion ${assertionId.slice(0, 80)} was already used`, samlErrorPage('expired', sp.name));
  return signIn(ctx, sp, profile, null);
}

/** Finds or creates the user of a validated, consumed response. */
async function signIn(ctx: AppContext, sp: ServiceProvider, profile: Profile, requestId: string | null): Promise<AcsSuccess | AcsFailure> {
  const attrs = readAttributes(profile.attributes as Record<string, unknown> | undefined);
  let result;
  if (sp.name === 'national') {
    result = await nationalLogin(ctx.db, attrs, usernameMaxLength(ctx.schemas));
  } else {
    const { saml } = ctx.config;
    const authorities = findValues(profile.getAssertion?.(), 'AuthenticatingAuthority');
    result = await edugainLogin(ctx.db, attrs, authorities, {
      allowAaiEduHr: saml.edugainAllowAaiEduHr,
      aaiEduHrMatch: saml.aaiEduHrIdpMatch,
      userMap: await readUserMap(saml.edugainUserMap),
      usernameMax: usernameMaxLength(ctx.schemas),
    });
  }
  if (result.refused) return failed(result.reason, refusalPage(result, sp.name));
  return {
    ok: true,
    user: result.user,
    created: result.created,
    issuer: profile.issuer,
    nameId: profile.nameID,
    nameIdFormat: profile.nameIDFormat ?? null,
    sessionIndex: profile.sessionIndex ?? null,
    federation: sp.name,
    requestId,
  };
}

/** Where a successful login goes: a path of this portal from RelayState, else the post-login landing route. */
export function afterLogin(relayState: unknown): string {
  return portalPath(relayState, LANDING_PAGE);
}
