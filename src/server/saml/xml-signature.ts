import { SignedXml } from 'xml-crypto';
import type { KeyPair } from './keys';

const RSA_SHA256 = 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256';
const SHA256 = 'http://www.w3.org/2001/04/xmlenc#sha256';
const EXC_C14N = 'http://www.w3.org/2001/10/xml-exc-c14n#';
const ENVELOPED = 'http://www.w3.org/2000/09/xmldsig#enveloped-signature';
const ROOT = '/*';

/**
 * Signs a document's root element the way node-saml expects to verify it (and the way federations
 * sign): xml-crypto, an enveloped signature over the root by its `ID`, exclusive c14n, RSA-SHA256
 * with SHA-256 digests, the certificate in KeyInfo. The signature goes after the element `after`
 * selects (a SAML message's Issuer, where the schema puts it), else first in the root (metadata).
 */
export function signEnveloped(xml: string, keys: KeyPair, after?: string): string {
  const signature = new SignedXml({ privateKey: keys.key, publicCert: keys.cert, signatureAlgorithm: RSA_SHA256, canonicalizationAlgorithm: EXC_C14N });
  signature.addReference({ xpath: ROOT, transforms: [ENVELOPED, EXC_C14N], digestAlgorithm: SHA256 });
  const location = after ? { reference: after, action: 'after' as const } : { reference: ROOT, action: 'prepend' as const };
  signature.computeSignature(xml, { prefix: 'ds', location });
  return signature.getSignedXml();
}
