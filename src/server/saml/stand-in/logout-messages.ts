import type { KeyPair } from '../keys';
import { escapeXml, NS } from '../xml';
import { samlId } from './login-response';
import { signSaml } from './signing';

const TRANSIENT = 'urn:oasis:names:tc:SAML:2.0:nameid-format:transient';
const SUCCESS = 'urn:oasis:names:tc:SAML:2.0:status:Success';

/** The opening of a signed protocol message from the identity provider, up to and with its Issuer. */
function messageStart(root: 'LogoutRequest' | 'LogoutResponse', issuer: string, destination: string, extra = ''): string {
  return (
    `<samlp:${root} xmlns:samlp="${NS.samlp}" xmlns:saml="${NS.saml}" ID="${samlId()}" Version="2.0"` +
    ` IssueInstant="${new Date().toISOString()}" Destination="${escapeXml(destination)}"${extra}>` +
    `<saml:Issuer>${escapeXml(issuer)}</saml:Issuer>`
  );
}

/**
 * A signed LogoutRequest from the identity provider (logout started at another service provider),
 * base64 for the HTTP-POST binding, naming the session by NameID and SessionIndex.
 */
export function buildLogoutRequest(r: { issuer: string; keys: KeyPair; slsUrl: string; nameId: string; sessionIndex?: string }): string {
  const sessionIndex = r.sessionIndex ? `<samlp:SessionIndex>${escapeXml(r.sessionIndex)}</samlp:SessionIndex>` : '';
  const xml = `${messageStart('LogoutRequest', r.issuer, r.slsUrl)}<saml:NameID Format="${TRANSIENT}">${escapeXml(r.nameId)}</saml:NameID>${sessionIndex}</samlp:LogoutRequest>`;
  return Buffer.from(signSaml(xml, r.keys)).toString('base64');
}

/** The signed Success answer to the service provider's LogoutRequest `inResponseTo`, base64 for HTTP-POST. */
export function buildLogoutResponse(r: { issuer: string; keys: KeyPair; slsUrl: string; inResponseTo: string }): string {
  const xml =
    messageStart('LogoutResponse', r.issuer, r.slsUrl, ` InResponseTo="${escapeXml(r.inResponseTo)}"`) +
    `<samlp:Status><samlp:StatusCode Value="${SUCCESS}"/></samlp:Status></samlp:LogoutResponse>`;
  return Buffer.from(signSaml(xml, r.keys)).toString('base64');
}
