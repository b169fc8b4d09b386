import type { FastifyInstance } from 'fastify';

/**
 * The federated sign-in entry points the login page links to. No identity federation is
 * configured in this build, so they lead to the error page with a reason instead of a 404.
 */
export async function federationRoutes(app: FastifyInstance): Promise<void> {
  for (const path of ['/saml2/login', '/saml2/login/', '/saml2/edugain/login', '/saml2/edugain/login/', '/saml2/logout', '/saml2/edugain/logout'])
    app.get(path, { config: { access: 'public' } }, async (_request, reply) => reply.redirect('/ui/error?reason=federation'));
}
