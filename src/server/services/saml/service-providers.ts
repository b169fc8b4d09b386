import { SAML, ValidateInResponseTo, type SamlConfig } from '@node-saml/node-saml';
import type { AppContext } from '../../context';
import { loadIdpMetadata, type IdpInfo } from './idp-metadata';
import { serviceProviderKeys, type KeyPair } from './keys';
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
  keys: KeyPair;
}

export const FEDERATION_BASE: Record<FederationName, string> = { national: '/saml2', edugain: '/saml2/edugain' };

/** The entity id and endpoints of a service provider, derived from PUBLIC_URL. */
export function spEndpoints(publicUrl: string, name: FederationName) {
  const root = `${publicUrl}${FEDERATION_BASE[name]}`;
  return { entityId: `${root}/metadata/`, acsUrl: `${root}/acs/`, slsUrl: `${root}/ls/` };
}

const TRANSIENT = 'urn:oasis:names:tc:SAML:2.0:nameid-format:transient';

/** Builds the node-saml service provider for one federation (pure: no I/O). */
export function buildServiceProvider(ctx: AppContext, name: FederationName, idp: IdpInfo, keys: KeyPair): ServiceProvider {
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
  return { name, base: FEDERATION_BASE[name], entityId, acsUrl, slsUrl, idp, saml, logoutSaml, keys };
}

/** The SP metadata XML a federation operator registers. */
export function spMetadata(sp: ServiceProvider): string {
  return sp.saml.generateServiceProviderMetadata(null, sp.keys.cert);
}

/**
 * The configured service providers, loaded on first use: identity provider metadata may be a URL
 * that is not reachable at start, so a failed load is retried by the next request instead of
 * stopping the portal.
 */
export class ServiceProviders {
  private keys?: Promise<KeyPair>;
  private readonly loaded = new Map<FederationName, Promise<ServiceProvider>>();

  constructor(private readonly ctx: AppContext) {}

  /** The metadata source of a federation, or undefined when it is not configured (or eduGAIN is off). */
  source(name: FederationName): string | undefined {
    const { saml, enableEdugain } = this.ctx.config;
    if (name === 'edugain') return enableEdugain ? saml.edugainIdpMetadata : undefined;
    return saml.idpMetadata;
  }

  async get(name: FederationName): Promise<ServiceProvider | undefined> {
    const source = this.source(name);
    if (!source) return undefined;
    let pending = this.loaded.get(name);
    if (!pending) {
      pending = (async () => {
        const { config } = this.ctx;
        this.keys ??= serviceProviderKeys({ keyFile: config.saml.spKeyFile, certFile: config.saml.spCertFile, production: config.production, dataDir: config.dataDir });
        const [keys, idp] = await Promise.all([this.keys, loadIdpMetadata(source)]);
        return buildServiceProvider(this.ctx, name, idp, keys);
      })();
      this.loaded.set(name, pending);
      pending.catch(() => this.loaded.delete(name));
    }
    return pending;
  }
}
