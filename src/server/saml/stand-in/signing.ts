import { promisify } from 'node:util';
import { encrypt } from 'xml-encryption';
import type { KeyPair } from '../keys';
import { NS } from '../xml';
import { signEnveloped } from '../xml-signature';
import type { AssertionEncryption } from './idp-entities';

/**
 * The stand-in identity provider's cryptography, on the same libraries node-saml verifies and
 * decrypts with (xml-crypto, xml-encryption), so that one XML-signature stack serves both sides.
 */

/** The Issuer of a SAML message's root: its signature goes right after it, where the schema puts it. */
const ISSUER = `/*/*[local-name(.)='Issuer' and namespace-uri(.)='${NS.saml}']`;

/** Signs the root element of a SAML message (Response, Assertion, LogoutRequest, LogoutResponse). */
export function signSaml(xml: string, keys: KeyPair): string {
  return signEnveloped(xml, keys, ISSUER);
}

const CONTENT_ENCRYPTION: Record<AssertionEncryption, string> = {
  'aes-256-gcm': 'http://www.w3.org/2009/xmlenc11#aes256-gcm',
  'aes-256-cbc': 'http://www.w3.org/2001/04/xmlenc#aes256-cbc',
};
const RSA_OAEP = 'http://www.w3.org/2001/04/xmlenc#rsa-oaep-mgf1p';
const encryptXml = promisify(encrypt);

/**
 * A signed assertion encrypted for `certPem` (sign, then encrypt, as IdPs do): the content with
 * `algorithm`, its key by RSA-OAEP. The assertion must declare its own namespaces, since the
 * service provider parses it alone once decrypted.
 */
export async function encryptAssertion(assertionXml: string, certPem: string, algorithm: AssertionEncryption): Promise<string> {
  const encrypted = await encryptXml(assertionXml, {
    rsa_pub: certPem,
    pem: certPem,
    encryptionAlgorithm: CONTENT_ENCRYPTION[algorithm],
    keyEncryptionAlgorithm: RSA_OAEP,
    disallowEncryptionWithInsecureAlgorithm: true,
    warnInsecureAlgorithm: false,
  });
  if (!encrypted) throw new Error('xml-encryption returned nothing');
  return `<saml:EncryptedAssertion xmlns:saml="${NS.saml}">${encrypted}</saml:EncryptedAssertion>`;
}
