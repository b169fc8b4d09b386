import { verify, X509Certificate } from 'node:crypto';
import { inflateRawSync } from 'node:zlib';
import { element, protocolRoot, textOf } from '../xml';

/**
 * The portal's requests as the stand-in identity provider receives them over HTTP-Redirect
 * (SAML bindings §3.4.4.1): a deflated, base64 message, and a signature over the raw query's
 * octet string, checked against the signing certificates the service provider's metadata publishes.
 */

const RSA_SHA256 = 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256';

/** A request message read from a redirect-binding query (not yet verified). */
export interface RedirectRequest {
  kind: 'AuthnRequest' | 'LogoutRequest';
  id: string;
  /** The entity id of the service provider that says it sent it. */
  issuer: string;
  relayState?: string;
}

/** Reads the message of a redirect-binding query, refusing anything but an AuthnRequest or LogoutRequest. */
export function readRedirectRequest(query: URLSearchParams, expected: RedirectRequest['kind']): RedirectRequest {
  const encoded = query.get('SAMLRequest');
  if (!encoded) throw new Error('no SAMLRequest');
  const root = protocolRoot(inflateRawSync(Buffer.from(encoded, 'base64')).toString('utf8'), expected);
  if (!root) throw new Error(`not a ${expected}`);
  const id = root.getAttribute('ID');
  const issuer = element(root, './saml:Issuer');
  if (!id) throw new Error(`${expected} without an ID`);
  if (!issuer || !textOf(issuer).trim()) throw new Error(`${expected} without an Issuer`);
  return { kind: expected, id, issuer: textOf(issuer).trim(), relayState: query.get('RelayState') ?? undefined };
}

/**
 * The signed part of the query: the parameters exactly as they arrived (still URL-encoded), in
 * the order the binding fixes, whatever order the query had.
 */
function octetString(rawQuery: string): string {
  const raw = new Map(rawQuery.split('&').map((pair) => [pair.split('=')[0], pair] as const));
  return ['SAMLRequest', 'RelayState', 'SigAlg']
    .map((name) => raw.get(name))
    .filter(Boolean)
    .join('&');
}

/** Throws unless the query carries an RSA-SHA256 signature by one of `certs` (PEM) over its octet string. */
export function verifyRedirectSignature(rawQuery: string, certs: string[]): void {
  const query = new URLSearchParams(rawQuery);
  const signature = query.get('Signature');
  if (!signature) throw new Error('the request is not signed');
  if (query.get('SigAlg') !== RSA_SHA256) throw new Error(`unsupported SigAlg ${query.get('SigAlg') ?? '(none)'}`);
  const signed = Buffer.from(octetString(rawQuery), 'utf8');
  const value = Buffer.from(signature, 'base64');
  const valid = certs.some((cert) => verify('sha256', signed, new X509Certificate(cert).publicKey, value));
  if (!valid) throw new Error('the request signature does not verify with the service provider’s certificates');
}
