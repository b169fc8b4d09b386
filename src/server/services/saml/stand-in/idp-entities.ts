import { randomBytes } from 'node:crypto';
import * as samlify from 'samlify';
import * as validator from '@authenio/samlify-node-xmllint';
import type { KeyPair } from '../keys';
import type { StandInIdentity } from './demo-identities';

samlify.setSchemaValidator(validator);

const { SamlLib, Constants } = samlify;
const TRANSIENT = 'urn:oasis:names:tc:SAML:2.0:nameid-format:transient';
const BASIC = 'urn:oasis:names:tc:SAML:2.0:attrname-format:basic';

/** The two identity providers the stand-in plays: the national federation and the eduGAIN proxy. */
export type StandInFederation = 'national' | 'edugain';
export const STAND_IN_PATHS: Record<StandInFederation, string> = { national: '/aai', edugain: '/edugainproxy' };

/** samlify identity providers for both federations, sharing one signing key. */
export function createIdentityProviders(baseUrl: string, keys: KeyPair) {
  const make = (federation: StandInFederation) => {
    const root = `${baseUrl}${STAND_IN_PATHS[federation]}`;
    return samlify.IdentityProvider({
      entityID: `${root}/saml2/idp/`,
      privateKey: keys.key,
      signingCert: keys.cert,
      nameIDFormat: [TRANSIENT],
      wantAuthnRequestsSigned: true,
      wantLogoutRequestSigned: true,
      requestSignatureAlgorithm: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
      singleSignOnService: [{ Binding: Constants.namespace.binding.redirect, Location: `${root}/sso` }],
      singleLogoutService: [{ Binding: Constants.namespace.binding.redirect, Location: `${root}/slo` }],
    });
  };
  return { national: make('national'), edugain: make('edugain') };
}

/** How a test wants a response to differ from a correct one. */
export interface ResponseVariant {
  /** Omit InResponseTo: an unsolicited (IdP-initiated) response. */
  unsolicited?: boolean;
  /** Another audience than the SP's entity id. */
  audience?: string;
  /** Validity window of the assertion (default: now … now + 5 minutes). */
  notBefore?: Date;
  notOnOrAfter?: Date;
  /** Sign only the response, not the assertion. */
  unsignedAssertion?: boolean;
}

function samlId(): string {
  return `_${randomBytes(20).toString('hex')}`;
}

/** The response template: the default samlify one plus an AuthnStatement and the attributes. */
function responseTemplate(identity: StandInIdentity): { template: string; values: Record<string, string | null> } {
  const values: Record<string, string | null> = {};
  const attributes = Object.entries(identity.attributes)
    .map(([name, value], i) => {
      values[`AttrName${i}`] = name;
      values[`AttrValue${i}`] = value;
      return `<saml:Attribute Name="{AttrName${i}}" NameFormat="${BASIC}"><saml:AttributeValue xsi:type="xs:string">{AttrValue${i}}</saml:AttributeValue></saml:Attribute>`;
    })
    .join('');
  values.Authority = identity.authority ?? null;
  const authn =
    '<saml:AuthnStatement AuthnInstant="{IssueInstant}" SessionIndex="{SessionIndex}"><saml:AuthnContext>' +
    '<saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef>' +
    '<saml:AuthenticatingAuthority>{Authority}</saml:AuthenticatingAuthority></saml:AuthnContext></saml:AuthnStatement>';
  const template = SamlLib.defaultLoginResponseTemplate.context
    .replace('{AuthnStatement}', authn)
    .replace('{AttributeStatement}', `<saml:AttributeStatement>${attributes}</saml:AttributeStatement>`);
  return { template, values };
}

/**
 * A signed login response for `identity`, built and signed by samlify in its IdP role. `sp` is
 * the service provider built from the portal's own metadata; `inResponseTo` the AuthnRequest id.
 */
export async function buildLoginResponse(options: {
  idp: samlify.IdentityProviderInstance;
  spMetadata: string;
  identity: StandInIdentity;
  inResponseTo: string;
  variant?: ResponseVariant;
}): Promise<{ samlResponse: string; acsUrl: string }> {
  const { idp, identity, variant = {} } = options;
  // An SP that does not want signed assertions makes samlify sign only the response.
  const metadata = variant.unsignedAssertion ? options.spMetadata.replace(/WantAssertionsSigned="true"/, 'WantAssertionsSigned="false"') : options.spMetadata;
  const sp = samlify.ServiceProvider({ metadata });
  const acsUrl = sp.entityMeta.getAssertionConsumerService('post') as string;
  const now = new Date();
  const notBefore = variant.notBefore ?? now;
  const notOnOrAfter = variant.notOnOrAfter ?? new Date(now.getTime() + 5 * 60_000);
  const { template, values } = responseTemplate(identity);
  const id = samlId();
  const context = SamlLib.replaceTagsByValue(template, {
    ...values,
    ID: id,
    AssertionID: samlId(),
    Destination: acsUrl,
    Audience: variant.audience ?? sp.entityMeta.getEntityID(),
    SubjectRecipient: acsUrl,
    Issuer: idp.entityMeta.getEntityID(),
    IssueInstant: now.toISOString(),
    StatusCode: Constants.StatusCode.Success,
    ConditionsNotBefore: notBefore.toISOString(),
    ConditionsNotOnOrAfter: notOnOrAfter.toISOString(),
    SubjectConfirmationDataNotOnOrAfter: notOnOrAfter.toISOString(),
    NameIDFormat: TRANSIENT,
    NameID: samlId(),
    SessionIndex: samlId(),
    InResponseTo: variant.unsolicited ? null : options.inResponseTo,
  });
  const { context: samlResponse } = await idp.createLoginResponse(sp, { extract: { request: { id: options.inResponseTo } } }, 'post', {}, {
    customTagReplacement: () => ({ id, context }),
  });
  return { samlResponse, acsUrl };
}

/** The SP entity samlify needs to check a logout request's signature and answer it. */
export function serviceProviderOf(spMetadata: string) {
  return samlify.ServiceProvider({ metadata: spMetadata, wantLogoutResponseSigned: true, wantLogoutRequestSigned: true });
}
