import { certificatePem } from '../keys';
import { element, elements, parseXml, textOf } from '../xml';
import type { StandInIdentity } from './demo-identities';

/** The two identity providers the stand-in plays: the national federation and the eduGAIN proxy. */
export type StandInFederation = 'national' | 'edugain';
export const STAND_IN_PATHS: Record<StandInFederation, string> = { national: '/aai', edugain: '/edugainproxy' };

/** The entity id of one stand-in identity provider running at `baseUrl`. */
export function idpEntityId(baseUrl: string, federation: StandInFederation): string {
  return `${baseUrl}${STAND_IN_PATHS[federation]}/saml2/idp/`;
}

/**
 * How the stand-in encrypts an assertion for the service provider's encryption certificate (from
 * its metadata): AES-256-GCM or AES-256-CBC content, the key carried by RSA-OAEP (mgf1p).
 */
export type AssertionEncryption = 'aes-256-gcm' | 'aes-256-cbc';

/**
 * Where a signature-wrapping response puts its unsigned assertion for another identity: before or
 * after the signed assertion, inside it (in its Advice, added after signing), or in an unsigned
 * Response that carries the whole signed Response in its Extensions.
 */
export type WrapPlacement = 'before' | 'after' | 'inside' | 'response';

/** How a test wants a response to differ from a correct one (each shape an attacker or a broken IdP makes). */
export interface ResponseVariant {
  /** Omit InResponseTo: an unsolicited (IdP-initiated) response. */
  unsolicited?: boolean;
  /** Another audience than the SP's entity id. */
  audience?: string;
  /** Another SubjectConfirmationData Recipient, or another Response Destination, than the SP's ACS. */
  recipient?: string;
  destination?: string;
  /** Another Issuer (of the response and the assertion) than this identity provider's entity id. */
  issuer?: string;
  /** Validity window of the assertion (default: now … now + 5 minutes). */
  notBefore?: Date;
  notOnOrAfter?: Date;
  /** Sign only the response, not the assertion. */
  unsignedAssertion?: boolean;
  /** Sign with a key the identity provider's metadata does not publish. */
  signWith?: 'other-key';
  /** Signature wrapping: an unsigned assertion for `identity`, placed as `placement` says. */
  wrapping?: { placement: WrapPlacement; identity: StandInIdentity };
  /**
   * A comment inserted at character `at` of the NameID or of an attribute's value, after signing:
   * exclusive c14n leaves comments out, so the signature still verifies.
   */
  comment?: { in: 'NameID' | (string & {}); at: number };
  /**
   * Encrypt the assertion (after signing it) for the SP's encryption certificate, or for
   * `encryptFor` (a PEM certificate) instead: the rollover's next certificate, or another key's
   * (a response the SP cannot decrypt).
   */
  encryption?: AssertionEncryption;
  encryptFor?: string;
}

/** What the stand-in knows of a service provider, read from its metadata. */
export interface StandInServiceProvider {
  entityId: string;
  /** HTTP-POST AssertionConsumerService. */
  acsUrl: string;
  /** HTTP-POST SingleLogoutService, when published. */
  slsUrl?: string;
  /** PEM certificates its requests may be signed with. */
  signingCerts: string[];
  /** PEM certificates assertions may be encrypted for, the first one preferred (the current key during a rollover). */
  encryptionCerts: string[];
}

const POST = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST';

function certsFor(descriptor: Element, use: 'signing' | 'encryption'): string[] {
  return elements(descriptor, `./md:KeyDescriptor[not(@use) or @use='${use}']/ds:KeyInfo/ds:X509Data/ds:X509Certificate`).map((c) => certificatePem(textOf(c)));
}

/** Reads a service provider's metadata (the portal's own, as it publishes it). */
export function readServiceProvider(metadataXml: string): StandInServiceProvider {
  const root = parseXml(metadataXml).documentElement;
  const entityId = root.getAttribute('entityID');
  const descriptor = element(root, '/md:EntityDescriptor/md:SPSSODescriptor');
  if (!entityId || !descriptor) throw new Error('not the metadata of a service provider');
  const acsUrl = element(descriptor, `./md:AssertionConsumerService[@Binding='${POST}']`)?.getAttribute('Location');
  if (!acsUrl) throw new Error(`service provider ${entityId} has no HTTP-POST AssertionConsumerService`);
  const slsUrl = element(descriptor, `./md:SingleLogoutService[@Binding='${POST}']`)?.getAttribute('Location') || undefined;
  return { entityId, acsUrl, slsUrl, signingCerts: certsFor(descriptor, 'signing'), encryptionCerts: certsFor(descriptor, 'encryption') };
}
