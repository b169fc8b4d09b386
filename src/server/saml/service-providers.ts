import { SAML, ValidateInResponseTo, type SamlConfig } from '@node-saml/node-saml';
import type { AppContext } from '@/server/context';
import { loadTrustedIdpMetadata, MetadataError, readTrustedCerts, type IdpInfo } from './idp-metadata';
import { nextServiceProviderKeys, serviceProviderKeys, type KeyPair } from './keys';
import { serviceProviderMetadata } from './sp-metadata';
import { DatabaseRequestStore, REQUEST_TTL_MS } from './request-store';

/** The two federations the portal is a service provider of. */
export type FederationName = 'national' | 'edugain';

/** One service provider: its endpoints, its identity provider and the node-saml instance. */
export interface ServiceProvider {
  name: FederationName;
  /** '/saml2' or '/saml2/edugain'. */
  base: string;
  entityId: string;
  acsUrl: string;
  slsUrl: string;
  idp: IdpInfo;
  saml: SAML;
  /**
   * The same provider for single logout messages. node-saml looks for InResponseTo on a
   * `Response` root only, so a posted LogoutResponse would read as unsolicited under the login's
   * "always" rule; logout messages are checked "if present" (their signature is still required).
   */
  logoutSaml: SAML;
  /**
   * The same provider for a response without InResponseTo, used only when the federation allows
   * identity-provider-started sign-in (`SAML_ALLOW_UNSOLICITED`); the ACS then checks what node-saml
   * leaves out for such responses (services/saml/acs.ts).
   */
  unsolicitedSaml: SAML;
  keys: KeyPair;
  /**
   * Certificate rollover: the second pair (published beside `keys`, never signing) and the same
   * providers decrypting with its key, tried when an encrypted assertion does not open with `keys`.
   */
  next?: { keys: KeyPair; saml: SAML; unsolicitedSaml: SAML };
  /** The signed metadata (built once: the published document stays the same while the keys do). */
  metadata: string;
}

export const FEDERATION_BASE: Record<FederationName, string> = { national: '/saml2', edugain: '/saml2/edugain' };

/** The entity id and endpoints of a service provider, derived from PUBLIC_URL. */
export function spEndpoints(publicUrl: string, name: FederationName) {
  const root = `${publicUrl}${FEDERATION_BASE[name]}`;
  return { entityId: `${root}/metadata/`, acsUrl: `${root}/acs/`, slsUrl: `${root}/ls/` };
}

const TRANSIENT = 'urn:oasis:names:tc:SAML:2.0:nameid-format:transient';

/** Builds the node-saml service provider for one federation (pure: no I/O). */
export function buildServiceProvider(ctx: AppContext, name: FederationName, idp: IdpInfo, keys: KeyPair, nextKeys?: KeyPair): ServiceProvider {
  const { entityId, acsUrl, slsUrl } = spEndpoints(ctx.config.publicUrl, name);
  const options: SamlConfig = {
    issuer: entityId,
    audience: entityId,
    callbackUrl: acsUrl,
    logoutCallbackUrl: slsUrl,
    entryPoint: idp.ssoUrl,
    logoutUrl: idp.sloUrl ?? '',
    idpCert: idp.certs,
    idpIssuer: idp.entityId,
    privateKey: keys.key,
    publicCert: keys.cert,
    // Encrypted assertions are decrypted with the signing pair, which the metadata also publishes
    // for encryption (docs/decisions/0270-saml-encryption-and-signed-metadata.md).
    decryptionPvk: keys.key,
    signatureAlgorithm: 'sha256',
    digestAlgorithm: 'sha256',
    // The federation signs assertions; a signature on the whole response is optional (reference §7.1).
    wantAssertionsSigned: true,
    wantAuthnResponseSigned: false,
    validateInResponseTo: ValidateInResponseTo.always,
    requestIdExpirationPeriodMs: REQUEST_TTL_MS,
    cacheProvider: new DatabaseRequestStore(ctx.db, name),
    acceptedClockSkewMs: ctx.config.saml.clockSkewSeconds * 1000,
    identifierFormat: TRANSIENT,
    disableRequestedAuthnContext: true,
    forceAuthn: false,
  };
  const saml = new SAML(options);
  const logoutSaml = new SAML({ ...options, validateInResponseTo: ValidateInResponseTo.ifPresent });
  const unsolicitedSaml = new SAML({ ...options, validateInResponseTo: ValidateInResponseTo.never });
  const next = nextKeys && {
    keys: nextKeys,
    saml: new SAML({ ...options, decryptionPvk: nextKeys.key }),
    unsolicitedSaml: new SAML({ ...options, decryptionPvk: nextKeys.key, validateInResponseTo: ValidateInResponseTo.never }),
  };
  const metadata = serviceProviderMetadata({
    entityId,
    acsUrl,
    slsUrl,
    keys,
    nextKeys,
    settings: ctx.config.saml.metadata,
    service: ctx.schemas.service,
    publicUrl: ctx.config.publicUrl,
  });
  return { name, base: FEDERATION_BASE[name], entityId, acsUrl, slsUrl, idp, saml, logoutSaml, unsolicitedSaml, keys, next, metadata };
}

/** The SP metadata XML a federation operator registers (signed with the SP key). */
export function spMetadata(sp: ServiceProvider): string {
  return sp.metadata;
}

function expired(sp: ServiceProvider): boolean {
  return sp.idp.validUntil !== undefined && sp.idp.validUntil.getTime() <= Date.now();
}

/**
 * The configured service providers, loaded on first use (identity provider metadata may be a URL
 * that is not reachable at start, so a failed first load is retried by the next request instead of
 * stopping the portal) and kept current by `services/saml/metadata-refresh.ts`.
 */
export class ServiceProviders {
  private keys?: Promise<KeyPair>;
  private nextKeys?: KeyPair | null;
  private readonly loaded = new Map<FederationName, Promise<ServiceProvider>>();

  constructor(private readonly ctx: AppContext) {}

  /** The metadata source and trusted certificates of a federation, or undefined when it is not configured (or eduGAIN is off). */
  source(name: FederationName): { metadata: string; cert?: string } | undefined {
    const { saml, enableEdugain } = this.ctx.config;
    if (name === 'edugain') return enableEdugain && saml.edugainIdpMetadata ? { metadata: saml.edugainIdpMetadata, cert: saml.edugainIdpMetadataCert } : undefined;
    return saml.idpMetadata ? { metadata: saml.idpMetadata, cert: saml.idpMetadataCert } : undefined;
  }

  /** The configured federations. */
  configured(): FederationName[] {
    return (['national', 'edugain'] as const).filter((name) => this.source(name));
  }

  /**
   * The service provider of a federation; while its metadata's validUntil has passed (every
   * refresh since has failed), none: signing in through it is refused rather than trusting an
   * expired document.
   */
  async get(name: FederationName): Promise<ServiceProvider | undefined> {
    if (!this.source(name)) return undefined;
    let pending = this.loaded.get(name);
    if (!pending) {
      pending = this.build(name);
      this.loaded.set(name, pending);
      pending.catch(() => this.loaded.delete(name));
    }
    const sp = await pending;
    if (!expired(sp)) return sp;
    const fresh = await this.refresh(name).catch((error: Error) => {
      throw new MetadataError(`identity provider metadata of ${name} expired at ${sp.idp.validUntil!.toISOString()} and no fresh copy could be trusted: ${error.message}`);
    });
    return fresh;
  }

  /**
   * Fetches and verifies the metadata again; a good copy replaces the provider in use, a failure
   * keeps the last good one and is thrown for the caller to log and count.
   */
  async refresh(name: FederationName): Promise<ServiceProvider> {
    const fresh = this.build(name);
    await fresh;
    this.loaded.set(name, fresh);
    return fresh;
  }

  private async build(name: FederationName): Promise<ServiceProvider> {
    const source = this.source(name);
    if (!source) throw new Error(`federation ${name} is not configured`);
    const { config } = this.ctx;
    const setting = name === 'national' ? 'SAML_IDP_METADATA_CERT' : 'SAML_EDUGAIN_IDP_METADATA_CERT';
    if (!source.cert) throw new MetadataError(`${setting} is not set: metadata is trusted only when its signature verifies`);
    this.keys ??= serviceProviderKeys({ keyFile: config.saml.spKeyFile, certFile: config.saml.spCertFile, production: config.production, dataDir: config.dataDir });
    this.nextKeys ??= nextServiceProviderKeys({ keyFile: config.saml.spNextKeyFile, certFile: config.saml.spNextCertFile }) ?? null;
    const certs = await readTrustedCerts(source.cert, setting);
    const [keys, idp] = await Promise.all([this.keys, loadTrustedIdpMetadata(source.metadata, certs)]);
    return buildServiceProvider(this.ctx, name, idp, keys, this.nextKeys ?? undefined);
  }
}
