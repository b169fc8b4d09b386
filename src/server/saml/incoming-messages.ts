import { createVerify, getHashes } from 'node:crypto';
import { certificatePem } from './keys';
import { checkXmlBounds, decodePosted, inflateLimited, LOGOUT_BOUNDS, MESSAGE_BOUNDS, SAML_XML_LIMITS, XmlLimitError, type XmlBounds } from './xml-limits';

/**
 * A SAML message from a browser, screened before node-saml reads it (node-saml inflates and parses
 * a redirect-binding message before it checks its signature, and bounds nothing): the XML it
 * holds, within the bounds of xml-limits.ts, or why it was refused unread.
 */
export type ScreenedMessage = { ok: true; xml: string } | { ok: false; reason: string };

type Form = Record<string, string | undefined>;

function refused(reason: string): ScreenedMessage {
  return { ok: false, reason };
}

/**
 * The signed octet string of an HTTP-Redirect query (SAML bindings §3.4.4.1): the message,
 * RelayState and SigAlg parameters exactly as they arrived (still URL-encoded), in that order.
 */
function signedOctets(rawQuery: string, messageName: string): string {
  const raw = new Map<string, string>();
  for (const pair of rawQuery.split('&')) {
    const name = pair.split('=')[0]!;
    if (!raw.has(name)) raw.set(name, pair);
  }
  return [messageName, 'RelayState', 'SigAlg']
    .map((name) => raw.get(name))
    .filter((pair): pair is string => pair !== undefined)
    .join('&');
}

/** The hash of a SigAlg URI (…#rsa-sha256 → sha256), as node-saml maps it; undefined when Node has none. */
function hashOf(sigAlg: string): string | undefined {
  const name = /#rsa-(sha\d+)$/i.exec(sigAlg)?.[1]?.toLowerCase();
  return name && getHashes().includes(name) ? name : undefined;
}

/** True when the query's Signature verifies with one of the identity provider's certificates. */
function querySignatureVerifies(rawQuery: string, messageName: string, signature: string, hash: string, certs: readonly string[]): boolean {
  const octets = signedOctets(rawQuery, messageName);
  return certs.some((cert) => {
    try {
      return createVerify(hash).update(octets).verify(certificatePem(cert), signature, 'base64');
    } catch {
      return false;
    }
  });
}

/**
 * An HTTP-Redirect message (`SAMLRequest` or `SAMLResponse` of `query`, `rawQuery` as received):
 * refused unread when it carries no Signature and SigAlg, then refused unread unless that signature
 * verifies with the identity provider's certificates, and only then inflated with an output limit
 * and checked for a DOCTYPE, its depth and its size.
 */
export function screenRedirectMessage(query: Form, rawQuery: string, idpCerts: readonly string[]): ScreenedMessage {
  const messageName = query.SAMLRequest ? 'SAMLRequest' : 'SAMLResponse';
  const encoded = query[messageName];
  if (!encoded) return refused('no SAML message in the query');
  if (!query.Signature || !query.SigAlg) return refused('an unsigned HTTP-Redirect message is not read');
  const hash = hashOf(query.SigAlg);
  if (!hash) return refused(`SigAlg ${query.SigAlg.slice(0, 100)} is not supported`);
  if (!querySignatureVerifies(rawQuery, messageName, query.Signature, hash, idpCerts))
    return refused('the query signature does not verify with the identity provider’s certificates');
  return bounded(() => inflateLimited(encoded), LOGOUT_BOUNDS);
}

/**
 * An HTTP-POST message (base64): decoded within the posted size of its kind, then checked for a
 * DOCTYPE and its depth and size — a Response (acs/) within the bounds of a message, a logout
 * message (ls/) within the smaller ones of a logout message.
 */
export function screenPostedMessage(encoded: string | undefined, kind: 'response' | 'logout'): ScreenedMessage {
  if (!encoded) return refused('no SAML message in the form');
  if (kind === 'logout') return bounded(() => decodePosted(encoded, SAML_XML_LIMITS.logoutBytes), LOGOUT_BOUNDS);
  return bounded(() => decodePosted(encoded), MESSAGE_BOUNDS);
}

function bounded(read: () => string, bounds: XmlBounds): ScreenedMessage {
  try {
    const xml = read();
    checkXmlBounds(xml, bounds);
    return { ok: true, xml };
  } catch (error) {
    if (error instanceof XmlLimitError) return refused(`message refused unread: ${error.message}`);
    throw error;
  }
}
