import type { RouteShape } from '../openapi/route-shape';
import { query, redirect } from '../openapi/route-shape';
import type { FederationName } from '../saml/service-providers';

const TITLE: Record<FederationName, string> = { national: 'National federation', edugain: 'eduGAIN' };

/** The identity provider's HTTP-POST messages; the handlers read them as they come. */
const FORM = {
  body: { type: 'object', properties: { SAMLResponse: { type: 'string' }, SAMLRequest: { type: 'string' }, RelayState: { type: 'string' } } },
};

/** The shapes of one federation's SAML routes (routes/federation.ts), each served with and without the trailing slash. */
export function federationShapes(federation: FederationName): Record<'login' | 'acs' | 'metadata' | 'logout' | 'lsGet' | 'lsPost', RouteShape> {
  const name = TITLE[federation];
  const ls: RouteShape = {
    summary: `${name}: single logout service (the identity provider’s logout request or answer).`,
    checkedByHandler: {
      querystring: query({ SAMLRequest: 'A logout request (HTTP-Redirect).', SAMLResponse: 'A logout answer (HTTP-Redirect).', RelayState: 'Where to go afterwards.' }),
    },
    response: { 302: redirect('On to the identity provider or the portal.'), 303: redirect('On to the portal or its error page.') },
  };
  return {
    login: {
      summary: `${name}: starts a sign-in at the identity provider.`,
      checkedByHandler: { querystring: query({ next: 'The portal page to land on afterwards.' }) },
      response: { 302: redirect('To the identity provider, or to an error page when the federation is not configured.') },
    },
    acs: {
      summary: `${name}: assertion consumer service; a valid SAML response signs the user in.`,
      checkedByHandler: FORM,
      bodyContentType: 'application/x-www-form-urlencoded',
      response: { 303: redirect('To the portal (signed in) or to its error page.') },
    },
    metadata: {
      summary: `${name}: the service provider’s SAML metadata.`,
      response: { 200: { description: 'The metadata.', contentType: 'application/samlmetadata+xml' } },
    },
    logout: {
      summary: `${name}: ends the session and signs out at the identity provider.`,
      response: { 302: redirect('To the identity provider or the login page.') },
    },
    lsGet: ls,
    lsPost: { ...ls, checkedByHandler: { ...ls.checkedByHandler, ...FORM }, bodyContentType: 'application/x-www-form-urlencoded' },
  };
}
