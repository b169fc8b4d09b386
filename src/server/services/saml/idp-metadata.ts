import { readFile } from 'node:fs/promises';
import { SignedXml } from 'xml-crypto';
import { certBody, certificatePem } from './keys';
import { element, elements, parseXml, textOf } from './xml';

/** What a service provider needs to know about its identity provider, read from its metadata. */
export interface IdpInfo {
  entityId: string;
  /** HTTP-Redirect single sign-on endpoint. */
  ssoUrl: string;
  /** HTTP-Redirect single logout endpoint, when the identity provider offers one. */
  sloUrl?: string;
  /** Signing certificates (PEM bodies). */
  certs: string[];
  /** Until when the document that named it may be trusted; undefined when it says nothing. */
  validUntil?: Date;
}

/** Why a metadata document was not trusted; the message names the source and the reason. */
export class MetadataError extends Error {}

const REDIRECT = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';
const ROOTS = new Set(['EntityDescriptor', 'EntitiesDescriptor']);

/**
 * The signed content of a metadata document, verified against the federation's certificates
 * (docs/decisions/0300-one-saml-stack-and-trusted-metadata.md). Only an enveloped signature on the
 * document element, with one reference to that element, counts; what is read afterwards is the
 * canonical XML xml-crypto verified, never the received document, so that nothing placed beside
 * the signed part (a second EntityDescriptor, a wrapped copy) can be read as trusted.
 */
export function verifiedMetadataXml(xml: string, trustedCerts: string[]): string {
  const doc = parseXml(xml);
  const root = doc.documentElement;
  if (root.namespaceURI !== 'urn:oasis:names:tc:SAML:2.0:metadata' || !ROOTS.has(root.localName))
    throw new MetadataError(`not SAML metadata (document element ${root.localName})`);
  const signatures = elements(root, './ds:Signature');
  if (signatures.length !== 1) throw new MetadataError(signatures.length ? 'more than one signature on the metadata' : 'the metadata is not signed');
  const id = root.getAttribute('ID');
  const references = elements(signatures[0]!, './ds:SignedInfo/ds:Reference');
  const uri = references[0]?.getAttribute('URI') ?? null;
  if (references.length !== 1 || !(uri === '' || (id && uri === `#${id}`)))
    throw new MetadataError('the signature does not cover the whole metadata document');
  if (!trustedCerts.length) throw new MetadataError('no certificate is configured to verify the metadata with');
  for (const cert of trustedCerts) {
    const check = new SignedXml({ publicCert: certificatePem(cert) });
    check.loadSignature(signatures[0]!);
    let valid = false;
    try {
      valid = check.checkSignature(xml);
    } catch {
      valid = false;
    }
    const signed = check.getSignedReferences();
    if (valid && signed.length === 1) return signed[0]!;
  }
  throw new MetadataError('the metadata signature does not verify with the configured certificate');
}

function dateAttribute(node: Element, name: string): Date | undefined {
  const value = node.getAttribute(name);
  if (!value) return undefined;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) throw new MetadataError(`${name} "${value}" is not a date`);
  return date;
}

/**
 * The identity provider a trusted metadata document names. A document may be one EntityDescriptor
 * or an aggregate (EntitiesDescriptor) with exactly one identity provider in it; the earliest
 * validUntil on the way to it applies, and a past one refuses the document.
 */
export function readIdpMetadata(signedXml: string, now = new Date()): IdpInfo {
  const root = parseXml(signedXml).documentElement;
  const idps = elements(root, '(self::md:EntityDescriptor | .//md:EntityDescriptor)[md:IDPSSODescriptor]');
  if (idps.length !== 1) throw new MetadataError(idps.length ? `${idps.length} identity providers in one metadata document; one is expected` : 'no identity provider in the metadata');
  const entity = idps[0]!;
  const validUntil = [root, entity]
    .map((node) => dateAttribute(node, 'validUntil'))
    .filter((d): d is Date => d !== undefined)
    .sort((a, b) => a.getTime() - b.getTime())[0];
  if (validUntil && validUntil.getTime() <= now.getTime()) throw new MetadataError(`the metadata expired at ${validUntil.toISOString()} (validUntil)`);
  const entityId = entity.getAttribute('entityID');
  if (!entityId) throw new MetadataError('identity provider metadata without an entityID');
  const descriptor = element(entity, './md:IDPSSODescriptor')!;
  const endpoint = (name: string) => element(descriptor, `./md:${name}[@Binding='${REDIRECT}']`)?.getAttribute('Location') || undefined;
  const ssoUrl = endpoint('SingleSignOnService');
  const certs = elements(descriptor, "./md:KeyDescriptor[not(@use) or @use='signing']/ds:KeyInfo/ds:X509Data/ds:X509Certificate")
    .map((c) => certBody(textOf(c)))
    .filter(Boolean);
  if (!ssoUrl) throw new MetadataError(`identity provider ${entityId} has no HTTP-Redirect SingleSignOnService`);
  if (!certs.length) throw new MetadataError(`identity provider ${entityId} has no signing certificate`);
  return { entityId, ssoUrl, sloUrl: endpoint('SingleLogoutService'), certs, validUntil };
}

/** Reads PEM certificates from a file or from text (one or more, for a federation's own key rollover). */
export async function readTrustedCerts(source: string): Promise<string[]> {
  const text = source.includes('-----BEGIN CERTIFICATE-----') ? source : await readFile(source, 'utf8');
  return [...text.matchAll(/-----BEGIN CERTIFICATE-----[\s\S]*?-----END CERTIFICATE-----/g)].map((m) => m[0]);
}

/** Fetches metadata from an http(s) URL or reads it from a file. */
export async function fetchMetadata(source: string, timeoutMs = 15_000): Promise<string> {
  if (!/^https?:\/\//.test(source)) return readFile(source, 'utf8');
  const response = await fetch(source, { signal: AbortSignal.timeout(timeoutMs) });
  if (!response.ok) throw new MetadataError(`HTTP ${response.status}`);
  return response.text();
}

/** Fetches, verifies and reads a federation's identity provider metadata; any failure is a MetadataError naming the source. */
export async function loadTrustedIdpMetadata(source: string, trustedCerts: string[], now = new Date()): Promise<IdpInfo> {
  try {
    return readIdpMetadata(verifiedMetadataXml(await fetchMetadata(source), trustedCerts), now);
  } catch (error) {
    throw new MetadataError(`identity provider metadata ${source}: ${(error as Error).message}`);
  }
}
