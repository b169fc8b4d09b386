import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { ApiError } from '../errors';
import { cookieNames, cookieOptions } from '../plugins/auth';
import { createSession, deleteSession } from '../services/sessions';
import { afterLogin, consumeLoginResponse, SAML_FAILED_PAGE } from '../services/saml/acs';
import { federatedIdentity, logoutProfile, takeFederatedLogout, type FederatedLogout } from '../services/saml/logout';
import { FEDERATION_BASE, ServiceProviders, spMetadata, type FederationName, type ServiceProvider } from '../services/saml/service-providers';

/** Where the login links go when a federation is not configured on this server. */
const NOT_CONFIGURED_PAGE = '/ui/error?reason=federation';
const FEDERATIONS: FederationName[] = ['national', 'edugain'];

type Form = Record<string, string | undefined>;

/**
 * The two SAML 2.0 service providers (spec point 1, reference §7): `/saml2/` for the national
 * federation and `/saml2/edugain/` for eduGAIN, each with login/, acs/, ls/, metadata/ and logout.
 * Every failure lands on an error page and is logged with its reason; none answers 500.
 */
export async function federationRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const providers = new ServiceProviders(ctx);
  const names = cookieNames(ctx);
  const { sessionDays } = ctx.schemas.constants;

  // Identity providers post forms; only this plugin's routes accept them.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 512 * 1024 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  const provider = async (name: FederationName, request: FastifyRequest): Promise<ServiceProvider | undefined | null> => {
    try {
      return await providers.get(name);
    } catch (error) {
      request.log.error({ federation: name, err: error }, 'SAML service provider unavailable');
      return null;
    }
  };
  const unavailable = (sp: ServiceProvider | undefined | null) => (sp === undefined ? NOT_CONFIGURED_PAGE : SAML_FAILED_PAGE);

  const endSession = async (request: FastifyRequest, reply: FastifyReply): Promise<FederatedLogout | null> => {
    let identity: FederatedLogout | null = null;
    if (request.auth) {
      identity = await federatedIdentity(ctx, request.auth.sessionId);
      await deleteSession(ctx.db, request.auth.sessionId);
      reply.clearCookie(names.session, cookieOptions(ctx));
    }
    return takeFederatedLogout(ctx, request, reply) ?? identity;
  };

  for (const name of FEDERATIONS) {
    const base = FEDERATION_BASE[name];
    const both = (path: string) => [`${base}/${path}`, `${base}/${path}/`];

    // login/: an AuthnRequest over HTTP-Redirect; RelayState remembers where the user was going.
    for (const url of both('login'))
      app.get<{ Querystring: { next?: string } }>(url, { config: { access: 'public' } }, async (request, reply) => {
        const sp = await provider(name, request);
        if (!sp) return reply.redirect(unavailable(sp));
        const next = typeof request.query.next === 'string' ? request.query.next : '';
        const target = await sp.saml.getAuthorizeUrlAsync(afterLogin(next) === next ? next : '', undefined, {});
        return reply.redirect(target);
      });

    // acs/: the identity provider's HTTP-POST response; its signature and InResponseTo are the proof.
    for (const url of both('acs'))
      app.post<{ Body: Form | undefined }>(url, { config: { access: 'public', csrf: false } }, async (request, reply) => {
        const sp = await provider(name, request);
        if (!sp) return reply.redirect(unavailable(sp), 303);
        const body = request.body && typeof request.body === 'object' ? request.body : {};
        const outcome = await consumeLoginResponse(ctx, sp, body.SAMLResponse).catch((error: Error) => ({
          ok: false as const,
          redirect: SAML_FAILED_PAGE,
          reason: `login failed: ${error.message}`,
        }));
        if (!outcome.ok) {
          request.log.warn({ federation: name, reason: outcome.reason }, 'SAML login refused');
          return reply.redirect(outcome.redirect, 303);
        }
        if (request.auth) await deleteSession(ctx.db, request.auth.sessionId);
        const session = await createSession(ctx.db, outcome.user.id, sessionDays, outcome.issuer, outcome);
        reply.setCookie(names.session, session.token, { ...cookieOptions(ctx), expires: session.expiresAt });
        reply.clearCookie(names.csrf, cookieOptions(ctx));
        request.log.info({ federation: name, user: outcome.user.username, created: outcome.created }, 'SAML login');
        return reply.redirect(afterLogin(body.RelayState), 303);
      });

    // metadata/: what a federation operator registers.
    for (const url of both('metadata'))
      app.get(url, { config: { access: 'public' } }, async (request, reply) => {
        const sp = await provider(name, request);
        if (sp === undefined) throw new ApiError('notFound', 'This federation is not configured');
        if (sp === null) throw new ApiError('federationUnavailable');
        reply.header('content-type', 'application/samlmetadata+xml; charset=utf-8');
        return spMetadata(sp);
      });

    // logout: ends the portal session (if still there) and sends a LogoutRequest to the identity provider.
    for (const url of both('logout'))
      app.get(url, { config: { access: 'public' } }, async (request, reply) => {
        const identity = await endSession(request, reply);
        const sp = await provider(name, request);
        if (!sp || !identity || !sp.idp.sloUrl || identity.issuer !== sp.idp.entityId) return reply.redirect('/ui/login');
        try {
          return reply.redirect(await sp.saml.getLogoutUrlAsync(logoutProfile(identity), '', {}));
        } catch (error) {
          request.log.warn({ federation: name, err: error }, 'SAML logout request failed');
          return reply.redirect('/ui/login');
        }
      });

    // ls/: the identity provider's LogoutResponse, or its own LogoutRequest (logout started elsewhere).
    const singleLogout = async (request: FastifyRequest, reply: FastifyReply, message: Form, redirectBinding: boolean) => {
      const sp = await provider(name, request);
      if (!sp) return reply.redirect('/ui/login', 303);
      try {
        if (message.SAMLRequest) {
          const { profile } = redirectBinding
            ? await sp.logoutSaml.validateRedirectAsync(message, request.url.split('?')[1] ?? '')
            : await sp.logoutSaml.validatePostRequestAsync(message as Record<string, string>);
          if (!profile) throw new Error('logout request without a subject');
          await ctx.db.deleteFrom('sessions').where('saml_name_id', '=', profile.nameID).where('saml2_idp', '=', sp.idp.entityId).execute();
          if (request.auth) reply.clearCookie(names.session, cookieOptions(ctx));
          return reply.redirect(await sp.logoutSaml.getLogoutResponseUrlAsync(profile, message.RelayState ?? '', {}, true), 303);
        }
        if (message.SAMLResponse) {
          if (redirectBinding) await sp.logoutSaml.validateRedirectAsync(message, request.url.split('?')[1] ?? '');
          else await sp.logoutSaml.validatePostResponseAsync(message as Record<string, string>);
        }
      } catch (error) {
        request.log.warn({ federation: name, reason: (error as Error).message }, 'SAML single logout message refused');
      }
      await endSession(request, reply);
      return reply.redirect('/ui/login', 303);
    };
    for (const url of both('ls')) {
      app.get<{ Querystring: Form }>(url, { config: { access: 'public' } }, (request, reply) => singleLogout(request, reply, request.query, true));
      app.post<{ Body: Form | undefined }>(url, { config: { access: 'public', csrf: false } }, (request, reply) =>
        singleLogout(request, reply, request.body && typeof request.body === 'object' ? request.body : {}, false),
      );
    }
  }
}
