import { readFile } from 'node:fs/promises';
import { IdPMetadata } from 'samlify';

/** What a service provider needs to know about its identity provider, read from its metadata. */
export interface IdpInfo {
  entityId: string;
  /** HTTP-Redirect single sign-on endpoint. */
  ssoUrl: string;
  /** HTTP-Redirect single logout endpoint, when the identity provider offers one. */
  sloUrl?: string;
  /** Signing certificates (PEM bodies). */
  certs: string[];
}

function first(value: string | object | undefined): string | undefined {
  if (typeof value === 'string' && value) return value;
  return undefined;
}

/** Reads identity provider metadata XML (samlify's metadata parser; no XML handling of our own). */
export function parseIdpMetadata(xml: string): IdpInfo {
  const meta = IdPMetadata(xml);
  const entityId = meta.getEntityID();
  const ssoUrl = first(meta.getSingleSignOnService('redirect'));
  const sloUrl = first(meta.getSingleLogoutService('redirect'));
  const signing = meta.getX509Certificate('signing');
  const certs = (Array.isArray(signing) ? signing : [signing]).filter((c): c is string => typeof c === 'string' && c !== '');
  if (!entityId) throw new Error('identity provider metadata without an entityID');
  if (!ssoUrl) throw new Error(`identity provider ${entityId} has no HTTP-Redirect SingleSignOnService`);
  if (!certs.length) throw new Error(`identity provider ${entityId} has no signing certificate`);
  return { entityId, ssoUrl, sloUrl, certs: certs.map((c) => c.replace(/\s+/g, '')) };
}

/** Loads identity provider metadata from a file path or an http(s) URL. */
export async function loadIdpMetadata(source: string, timeoutMs = 15_000): Promise<IdpInfo> {
  if (/^https?:\/\//.test(source)) {
    const response = await fetch(source, { signal: AbortSignal.timeout(timeoutMs) });
    if (!response.ok) throw new Error(`identity provider metadata ${source}: HTTP ${response.status}`);
    return parseIdpMetadata(await response.text());
  }
  return parseIdpMetadata(await readFile(source, 'utf8'));
}
