import type { Profile } from '@node-saml/node-saml';
import { Extractor } from 'samlify';
import type { AppContext } from '../../context';
import type { UserRow } from '../../db/tables';
import { readAttributes, findValues } from './attributes';
import { edugainLogin, nationalLogin, readUserMap, type Refusal } from './federated-users';
import { consumeRequest } from './request-store';
import { usernameMaxLength } from '../../../schema-runtime';
import type { ServiceProvider } from './service-providers';

/** Where a refused response sends the browser, and why (for the log). */
export interface AcsFailure {
  ok: false;
  redirect: string;
  reason: string;
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
}

/** A response that could not be trusted: the generic error page (no detail for the browser). */
export const SAML_FAILED_PAGE = '/ui/error?reason=saml';

function failed(reason: string, redirect = SAML_FAILED_PAGE): AcsFailure {
  return { ok: false, redirect, reason };
}

/**
 * The error page of a refused login (spec point 2, "eduGAIN / SAML error page"). Its generic
 * variant says eduGAIN is not allowed, so other refusals at the national SP (an inactive account,
 * a malformed OIB) get the generic error page instead.
 */
export function refusalPage(refusal: Refusal, federation: ServiceProvider['name']): string {
  if (refusal.errorType === 'notallowed' && federation === 'national') return SAML_FAILED_PAGE;
  const base = `/ui/saml2-error/${refusal.errorType}`;
  return refusal.missing?.length ? `${base}?missing=${encodeURIComponent(refusal.missing.join(','))}` : base;
}

function single(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (Array.isArray(value) && typeof value[0] === 'string') return value[0];
  return undefined;
}

/**
 * The checks node-saml leaves to its caller: the response is addressed to this ACS (Destination,
 * when present) and the signed assertion's subject confirmation names this ACS as Recipient.
 */
function addressingError(sp: ServiceProvider, profile: Profile): string | undefined {
  const responseXml = profile.getSamlResponseXml?.();
  const assertionXml = profile.getAssertionXml?.();
  if (!responseXml || !assertionXml) return 'response without an assertion';
  const { destination } = Extractor.extract(responseXml, [{ key: 'destination', localPath: ['Response'], attributes: ['Destination'] }]);
  const dest = single(destination);
  if (dest && dest !== sp.acsUrl) return `Destination ${dest} is not ${sp.acsUrl}`;
  const { recipient } = Extractor.extract(assertionXml, [
    { key: 'recipient', localPath: ['Assertion', 'Subject', 'SubjectConfirmation', 'SubjectConfirmationData'], attributes: ['Recipient'] },
  ]);
  const recipients = (Array.isArray(recipient) ? recipient : [recipient]).filter((r): r is string => typeof r === 'string');
  if (!recipients.includes(sp.acsUrl)) return `Recipient ${recipients.join(', ') || '(none)'} is not ${sp.acsUrl}`;
  return undefined;
}

/**
 * Validates a posted SAMLResponse and finds or creates its user. In order: node-saml checks the
 * assertion signature against the identity provider's certificate, the issuer, audience, times
 * (with the configured clock skew) and that InResponseTo names a request we sent; we check the
 * addressing, then consume the request id atomically, so a response is accepted exactly once
 * across all processes. Only then are users written.
 */
export async function consumeLoginResponse(ctx: AppContext, sp: ServiceProvider, samlResponse: unknown): Promise<AcsSuccess | AcsFailure> {
  if (typeof samlResponse !== 'string' || samlResponse === '') return failed('no SAMLResponse in the request');
  let profile: Profile | null;
  try {
    ({ profile } = await sp.saml.validatePostResponseAsync({ SAMLResponse: samlResponse }));
  } catch (error) {
    return failed((error as Error).message);
  }
  if (!profile) return failed('response without a profile');
  const addressing = addressingError(sp, profile);
  if (addressing) return failed(addressing);
  const inResponseTo = typeof profile.inResponseTo === 'string' ? profile.inResponseTo : '';
  if (!inResponseTo) return failed('unsolicited response');
  if (!(await consumeRequest(ctx.db, sp.name, inResponseTo))) return failed(`request ${inResponseTo} was already answered`);

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
  };
}

/** Where a successful login goes: a safe /ui/ path from RelayState, else the post-login landing route. */
export function afterLogin(relayState: unknown): string {
  if (typeof relayState === 'string' && /^\/ui\/[\w\-/.?=&%]*$/.test(relayState) && !relayState.includes('//')) return relayState;
  return '/ui/saml2-login-redirect';
}
