import { randomBytes } from 'node:crypto';
import type { KeyPair } from '../keys';
import { escapeXml, NS } from '../xml';
import type { StandInIdentity } from './demo-identities';
import type { ResponseVariant, StandInServiceProvider } from './idp-entities';
import { encryptAssertion, signSaml } from './signing';

const TRANSIENT = 'urn:oasis:names:tc:SAML:2.0:nameid-format:transient';
const BASIC = 'urn:oasis:names:tc:SAML:2.0:attrname-format:basic';
const BEARER = 'urn:oasis:names:tc:SAML:2.0:cm:bearer';
const SUCCESS = 'urn:oasis:names:tc:SAML:2.0:status:Success';
const PASSWORD = 'urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport';
const XS = 'http://www.w3.org/2001/XMLSchema';
const XSI = 'http://www.w3.org/2001/XMLSchema-instance';

/** A fresh SAML ID (an xs:ID: starts with a letter or `_`). */
export function samlId(): string {
  return `_${randomBytes(20).toString('hex')}`;
}

/** What one assertion says; everything a variant may change is here. */
interface AssertionFacts {
  issuer: string;
  identity: StandInIdentity;
  nameId: string;
  audience: string;
  recipient: string;
  inResponseTo?: string;
  now: Date;
  notBefore: Date;
  notOnOrAfter: Date;
}

/** A value's element content, with a comment at character `at` when one is asked for. */
function content(value: string, commentAt?: number): string {
  if (commentAt === undefined) return escapeXml(value);
  return `${escapeXml(value.slice(0, commentAt))}<!---->${escapeXml(value.slice(commentAt))}`;
}

function nameIdElement(nameId: string, commentAt?: number): string {
  return `<saml:NameID Format="${TRANSIENT}">${content(nameId, commentAt)}</saml:NameID>`;
}

function attributeElement(name: string, value: string, commentAt?: number): string {
  return (
    `<saml:Attribute Name="${escapeXml(name)}" NameFormat="${BASIC}">` +
    `<saml:AttributeValue xsi:type="xs:string">${content(value, commentAt)}</saml:AttributeValue></saml:Attribute>`
  );
}

/**
 * An unsigned assertion declaring its own namespaces (it must stand alone once decrypted), in the
 * shape the federations' IdPs send: subject with a bearer confirmation, conditions with the
 * audience, an authentication statement and the identity's attributes.
 */
function assertionXml(id: string, facts: AssertionFacts): string {
  const { identity, now } = facts;
  const answering = facts.inResponseTo ? ` InResponseTo="${escapeXml(facts.inResponseTo)}"` : '';
  const authority = identity.authority ? `<saml:AuthenticatingAuthority>${escapeXml(identity.authority)}</saml:AuthenticatingAuthority>` : '';
  const attributes = Object.entries(identity.attributes)
    .map(([name, value]) => attributeElement(name, value))
    .join('');
  return (
    `<saml:Assertion xmlns:saml="${NS.saml}" xmlns:xs="${XS}" xmlns:xsi="${XSI}" ID="${id}" Version="2.0" IssueInstant="${now.toISOString()}">` +
    `<saml:Issuer>${escapeXml(facts.issuer)}</saml:Issuer>` +
    `<saml:Subject>${nameIdElement(facts.nameId)}<saml:SubjectConfirmation Method="${BEARER}">` +
    `<saml:SubjectConfirmationData NotOnOrAfter="${facts.notOnOrAfter.toISOString()}" Recipient="${escapeXml(facts.recipient)}"${answering}/>` +
    `</saml:SubjectConfirmation></saml:Subject>` +
    `<saml:Conditions NotBefore="${facts.notBefore.toISOString()}" NotOnOrAfter="${facts.notOnOrAfter.toISOString()}">` +
    `<saml:AudienceRestriction><saml:Audience>${escapeXml(facts.audience)}</saml:Audience></saml:AudienceRestriction></saml:Conditions>` +
    `<saml:AuthnStatement AuthnInstant="${now.toISOString()}" SessionIndex="${samlId()}"><saml:AuthnContext>` +
    `<saml:AuthnContextClassRef>${PASSWORD}</saml:AuthnContextClassRef>${authority}</saml:AuthnContext></saml:AuthnStatement>` +
    `<saml:AttributeStatement>${attributes}</saml:AttributeStatement>` +
    `</saml:Assertion>`
  );
}

function responseXml(r: { id: string; issuer: string; destination: string; inResponseTo?: string; now: Date; extensions?: string; body: string }): string {
  const answering = r.inResponseTo ? ` InResponseTo="${escapeXml(r.inResponseTo)}"` : '';
  const extensions = r.extensions ? `<samlp:Extensions>${r.extensions}</samlp:Extensions>` : '';
  return (
    `<samlp:Response xmlns:samlp="${NS.samlp}" xmlns:saml="${NS.saml}" ID="${r.id}" Version="2.0" IssueInstant="${r.now.toISOString()}"` +
    ` Destination="${escapeXml(r.destination)}"${answering}>` +
    `<saml:Issuer>${escapeXml(r.issuer)}</saml:Issuer>${extensions}` +
    `<samlp:Status><samlp:StatusCode Value="${SUCCESS}"/></samlp:Status>${r.body}</samlp:Response>`
  );
}

/**
 * Puts a comment into the NameID or an attribute value of a signed assertion. The signature was
 * computed without it and still verifies (exclusive c14n drops comments); a reader that stops at
 * the comment sees only the value's first part.
 */
function withComment(signed: string, facts: AssertionFacts, comment: NonNullable<ResponseVariant['comment']>): string {
  const value = comment.in === 'NameID' ? facts.nameId : facts.identity.attributes[comment.in];
  if (value === undefined) throw new Error(`the identity has no attribute ${comment.in}`);
  const element = (at?: number) => (comment.in === 'NameID' ? nameIdElement(value, at) : attributeElement(comment.in, value, at));
  const changed = signed.replace(element(), element(comment.at));
  if (changed === signed) throw new Error(`no ${comment.in} to put a comment in`);
  return changed;
}

export interface LoginResponseInput {
  idpEntityId: string;
  /** The identity provider's signing pair (published in its metadata). */
  keys: KeyPair;
  /** A pair the metadata does not publish (`variant.signWith`). */
  otherKeys: KeyPair;
  sp: StandInServiceProvider;
  identity: StandInIdentity;
  /** The AuthnRequest answered. */
  inResponseTo: string;
  variant?: ResponseVariant;
}

/**
 * A login response for `identity`, base64 as the HTTP-POST binding carries it: the assertion signed
 * with the identity provider's key (the response itself only when the variant leaves the assertion
 * unsigned), then, if asked, encrypted for the service provider's certificate, and altered the way
 * the variant says.
 */
export async function buildLoginResponse(input: LoginResponseInput): Promise<{ samlResponse: string; acsUrl: string }> {
  const { sp, variant = {} } = input;
  const now = new Date();
  const keys = variant.signWith === 'other-key' ? input.otherKeys : input.keys;
  const issuer = variant.issuer ?? input.idpEntityId;
  const inResponseTo = variant.unsolicited ? undefined : input.inResponseTo;
  const facts: AssertionFacts = {
    issuer,
    identity: input.identity,
    nameId: samlId(),
    audience: variant.audience ?? sp.entityId,
    recipient: variant.recipient ?? sp.acsUrl,
    inResponseTo,
    now,
    notBefore: variant.notBefore ?? now,
    notOnOrAfter: variant.notOnOrAfter ?? new Date(now.getTime() + 5 * 60_000),
  };
  let assertion = assertionXml(samlId(), facts);
  if (!variant.unsignedAssertion) assertion = signSaml(assertion, keys);
  if (variant.comment) assertion = withComment(assertion, facts, variant.comment);
  if (variant.encryption) {
    const cert = variant.encryptFor ?? sp.encryptionCerts[0];
    if (!cert) throw new Error(`service provider ${sp.entityId} publishes no encryption certificate`);
    assertion = await encryptAssertion(assertion, cert, variant.encryption);
  }
  const wrapping = variant.wrapping;
  const forged = wrapping && assertionXml(samlId(), { ...facts, identity: wrapping.identity, nameId: samlId() });
  const response = (body: string, extensions?: string) =>
    responseXml({ id: samlId(), issuer, destination: variant.destination ?? sp.acsUrl, inResponseTo, now, extensions, body });
  let body = assertion;
  if (forged && wrapping.placement === 'before') body = forged + assertion;
  if (forged && wrapping.placement === 'after') body = assertion + forged;
  if (forged && wrapping.placement === 'inside') body = assertion.replace('</saml:Conditions>', `</saml:Conditions><saml:Advice>${forged}</saml:Advice>`);
  let xml = variant.unsignedAssertion ? signSaml(response(body), keys) : response(body);
  if (forged && wrapping.placement === 'response') xml = response(forged, xml);
  return { samlResponse: Buffer.from(xml).toString('base64'), acsUrl: sp.acsUrl };
}
