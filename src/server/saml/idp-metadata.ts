import { X509Certificate } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { SignedXml } from 'xml-crypto';
import { certBody, certificatePem } from './keys';
import { element, elements, parseXml, textOf } from './xml';
import { METADATA_BOUNDS, SAML_XML_LIMITS } from './xml-limits';

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

/**
 * Why a metadata document was not trusted; the message names the source and the reason.
 * `unreachable` tells a document that could not be fetched from one that was fetched and refused
 * (a certificate that cannot be read, a signature that does not verify, an expired validUntil).
 */
export class MetadataError extends Error {
  constructor(
    message: string,
    readonly unreachable = false,
  ) {
    super(message);
  }
}

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
  const doc = parseXml(xml, METADATA_BOUNDS);
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
  const pems = trustedCerts.map((cert, index) => readableCertificate(cert, index, trustedCerts.length));
  const failures: string[] = [];
  for (const pem of pems) {
    const check = new SignedXml({ publicCert: pem });
    check.loadSignature(signatures[0]!);
    let valid = false;
    try {
      valid = check.checkSignature(xml);
    } catch (error) {
      failures.push((error as Error).message);
    }
    const signed = check.getSignedReferences();
    if (valid && signed.length === 1) return signed[0]!;
  }
  const which = pems.length > 1 ? `any of the ${pems.length} configured certificates` : 'the configured certificate';
  throw new MetadataError(`the metadata signature does not verify with ${which}${failures.length ? ` (${failures[0]})` : ''}`);
}

/**
 * A configured certificate as PEM that OpenSSL reads, or a MetadataError saying that it cannot be
 * read (a broken file is not a signature that does not verify).
 */
function readableCertificate(cert: string, index: number, count: number): string {
  const pem = certificatePem(cert);
  try {
    new X509Certificate(pem);
    return pem;
  } catch (error) {
    const which = count > 1 ? `certificate ${index + 1} of ${count}` : 'the certificate';
    throw new MetadataError(`${which} configured to verify the metadata cannot be read: ${(error as Error).message}`);
  }
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
  const root = parseXml(signedXml, METADATA_BOUNDS).documentElement;
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

/**
 * Reads PEM certificates from a file or from text (one or more, for a federation's own key
 * rollover); `setting` names where they were configured, for the error when none can be read.
 */
export async function readTrustedCerts(source: string, setting = 'the metadata certificate'): Promise<string[]> {
  let text = source;
  if (!source.includes('-----BEGIN CERTIFICATE-----')) {
    try {
      text = await readFile(source, 'utf8');
    } catch (error) {
      throw new MetadataError(`${setting}: ${source} cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
    }
  }
  const certs = [...text.matchAll(/-----BEGIN CERTIFICATE-----[\s\S]*?-----END CERTIFICATE-----/g)].map((m) => m[0]);
  if (!certs.length) throw new MetadataError(`${setting} holds no PEM certificate (-----BEGIN CERTIFICATE-----)`);
  return certs;
}

const tooLarge = () => new MetadataError(`the metadata is larger than ${SAML_XML_LIMITS.metadataBytes} bytes`);

/** A response body as text, refused as soon as it grows past the metadata size limit. */
async function limitedText(response: Response): Promise<string> {
  if (Number(response.headers.get('content-length') ?? 0) > SAML_XML_LIMITS.metadataBytes) throw tooLarge();
  if (!response.body) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = response.body.getReader();
  for (let part = await reader.read(); !part.done; part = await reader.read()) {
    size += part.value.byteLength;
    if (size > SAML_XML_LIMITS.metadataBytes) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(part.value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Fetches metadata from an http(s) URL or reads it from a file, within the metadata size limit;
 * a document that cannot be had is a MetadataError marked `unreachable`.
 */
export async function fetchMetadata(source: string, timeoutMs = 15_000): Promise<string> {
  if (!/^https?:\/\//.test(source)) {
    const size = await stat(source).then(
      (s) => s.size,
      (error: NodeJS.ErrnoException) => {
        throw new MetadataError(`cannot be read (${error.code ?? error.message})`, true);
      },
    );
    if (size > SAML_XML_LIMITS.metadataBytes) throw tooLarge();
    return readFile(source, 'utf8');
  }
  let response: Response;
  try {
    response = await fetch(source, { signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    const cause = (error as Error & { cause?: Error }).cause;
    throw new MetadataError(`cannot be reached (${cause?.message ?? (error as Error).message})`, true);
  }
  if (!response.ok) throw new MetadataError(`cannot be fetched: HTTP ${response.status}`, true);
  return limitedText(response);
}

/** Fetches, verifies and reads a federation's identity provider metadata; any failure is a MetadataError naming the source. */
export async function loadTrustedIdpMetadata(source: string, trustedCerts: string[], now = new Date()): Promise<IdpInfo> {
  try {
    return readIdpMetadata(verifiedMetadataXml(await fetchMetadata(source), trustedCerts), now);
  } catch (error) {
    throw new MetadataError(`identity provider metadata ${source}: ${(error as Error).message}`, error instanceof MetadataError && error.unreachable);
  }
}
