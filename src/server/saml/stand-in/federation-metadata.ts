import { randomBytes } from 'node:crypto';
import { certBody, type KeyPair } from '../keys';
import { signMetadata } from '../sp-metadata';

/**
 * The metadata a stand-in identity provider publishes, signed the way a federation operator signs
 * what it publishes (AAI@EduHR and the eduGAIN MDS sign with a key of their own, not the IdP's), so
 * that demo mode and tests take the same path as production: fetch, verify against the configured
 * certificate, honour validUntil (services/saml/idp-metadata.ts).
 *
 * `mode` makes the document a test needs: signed (the default), unsigned, tampered after signing,
 * signed by another key, or signed but past its validUntil.
 */
export type MetadataMode = 'signed' | 'unsigned' | 'tampered' | 'other-key' | 'expired';

export interface IdpMetadataInput {
  entityId: string;
  ssoUrl: string;
  sloUrl: string;
  /** The identity provider's signing certificate (PEM), published in its KeyDescriptor. */
  signingCert: string;
  /** The federation's metadata-signing pair. */
  federationKeys: KeyPair;
  /** Another pair, for `other-key`. */
  otherKeys: KeyPair;
  mode?: MetadataMode;
  /** How long a signed document is valid (default 7 days; `expired` is an hour in the past). */
  validForMs?: number;
}

const REDIRECT = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';
const TRANSIENT = 'urn:oasis:names:tc:SAML:2.0:nameid-format:transient';

function escapeAttribute(text: string): string {
  return text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);
}

/** The unsigned EntityDescriptor of one identity provider. */
export function unsignedIdpMetadata(input: Omit<IdpMetadataInput, 'federationKeys' | 'otherKeys' | 'mode'>, validUntil: Date): string {
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" xmlns:ds="http://www.w3.org/2000/09/xmldsig#"` +
    ` entityID="${escapeAttribute(input.entityId)}" ID="_${randomBytes(20).toString('hex')}" validUntil="${validUntil.toISOString()}">` +
    `<md:IDPSSODescriptor protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol" WantAuthnRequestsSigned="true">` +
    `<md:KeyDescriptor use="signing"><ds:KeyInfo><ds:X509Data><ds:X509Certificate>${certBody(input.signingCert)}</ds:X509Certificate></ds:X509Data></ds:KeyInfo></md:KeyDescriptor>` +
    `<md:SingleLogoutService Binding="${REDIRECT}" Location="${escapeAttribute(input.sloUrl)}"/>` +
    `<md:NameIDFormat>${TRANSIENT}</md:NameIDFormat>` +
    `<md:SingleSignOnService Binding="${REDIRECT}" Location="${escapeAttribute(input.ssoUrl)}"/>` +
    `</md:IDPSSODescriptor></md:EntityDescriptor>`
  );
}

/** The document as the stand-in serves it in `mode`. */
export function federationMetadata(input: IdpMetadataInput): string {
  const mode = input.mode ?? 'signed';
  const validFor = mode === 'expired' ? -3_600_000 : (input.validForMs ?? 7 * 86_400_000);
  const xml = unsignedIdpMetadata(input, new Date(Date.now() + validFor));
  if (mode === 'unsigned') return xml;
  const signed = signMetadata(xml, mode === 'other-key' ? input.otherKeys : input.federationKeys);
  // A change after signing: the single sign-on endpoint now points somewhere else.
  if (mode === 'tampered') return signed.replace(escapeAttribute(input.ssoUrl), 'https://attacker.example/sso');
  return signed;
}
