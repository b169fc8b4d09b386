import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Profile } from '@node-saml/node-saml';
import type { AppContext } from '../context';
import { ApiError, msg } from '../errors';
import { cookieNames, cookieOptions } from '../sessions/session-cookies';
import { sendSession } from '../plugins/auth';
import { createSession, deleteSession, sessionDaysOf } from '../sessions/sessions';
import { afterLogin, consumeLoginResponse, SAML_BUSY_PAGE, SAML_FAILED_PAGE } from '../saml/acs';
import { authnRequestId, bindRequest, pendingRequests, releaseRequest, takeFederatedLogout } from '../plugins/saml-cookies';
import { endFederatedSessions, federatedIdentity, logoutProfile, logoutRequestId, type FederatedLogout } from '../saml/logout';
import { portalPath } from '../sessions/redirect-target';
import { screenPostedMessage, screenRedirectMessage, type ScreenedMessage } from '../saml/incoming-messages';
import { readSamlMessageInTurn } from '../saml/message-gate';
import { clientNetwork } from '../sessions/client-network';
import { requestSite } from '../plugins/request-guards';
import { SAML_XML_LIMITS } from '../saml/xml-limits';
import { checkMetadataAtStart, startMetadataRefresh } from '../saml/metadata-refresh';
import { MetadataError } from '../saml/idp-metadata';
import { federationShapes } from './federation-shapes';
import { FEDERATION_BASE, ServiceProviders, spMetadata, type FederationName, type ServiceProvider } from '../saml/service-providers';
import { paths, UI_ROOT } from '@/schema-runtime/pages';

/** Where the login links go when a federation is not configured on this server. */
const NOT_CONFIGURED_PAGE = `${paths.error.href}?reason=federation`;
const FEDERATIONS: FederationName[] = ['national', 'edugain'];

type Form = Record<string, string | undefined>;

/**
 * The two SAML 2.0 service providers (spec point 1, reference §7): `/saml2/` for the national
 * federation and `/saml2/edugain/` for eduGAIN, each with login/, acs/, ls/, metadata/ and logout.
 * Every failure lands on an error page and is logged with its reason; none answers 500.
 */
/** How long the start waits for the federations' metadata check before it goes on without it. */
const START_CHECK_WAIT_MS = 3_000;

export async function federationRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const providers = new ServiceProviders(ctx);
  const refresh = startMetadataRefresh(ctx, providers, app.log);
  app.addHook('onClose', async () => refresh.stop());
  // Waited for at most START_CHECK_WAIT_MS: its outcome is logged before the portal says it is
  // ready, and a federation whose metadata cannot be had soon must not keep the portal down (the
  // check goes on and logs when it ends).
  app.addHook('onReady', async () => {
    const checked = checkMetadataAtStart(providers, app.log);
    await Promise.race([checked, new Promise((resolve) => setTimeout(resolve, START_CHECK_WAIT_MS).unref())]);
  });
  const names = cookieNames(ctx);

  // Identity providers post forms; only this plugin's routes accept them.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: SAML_XML_LIMITS.formBytes }, (_request, body, done) => {
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
  /** An anonymous SAML message is read in its network's turn, one at a time per process (saml/message-gate.ts). */
  // A browser that posted it sees the error page saying so (the others' turn is what it waits for).
  const inTurn = <T>(request: FastifyRequest, reply: FastifyReply, read: () => Promise<T>) =>
    readSamlMessageInTurn(ctx, clientNetwork(request.ip), read).catch((error: unknown) => {
      if (error instanceof ApiError && error.key === 'loginBusy') return reply.redirect(SAML_BUSY_PAGE, 303);
      throw error;
    });
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
    const shapes = federationShapes(name);

    // login/: an AuthnRequest over HTTP-Redirect, named in this browser's binding cookie; RelayState
    // remembers where the user was going (a page of this portal only).
    for (const url of both('login'))
      app.get<{ Querystring: { next?: string } }>(url, { config: { access: 'public' }, schema: shapes.login }, async (request, reply) => {
        const sp = await provider(name, request);
        if (!sp) return reply.redirect(unavailable(sp));
        const target = await sp.saml.getAuthorizeUrlAsync(portalPath(request.query.next, ''), undefined, {});
        bindRequest(ctx, request, reply, authnRequestId(target));
        return reply.redirect(target);
      });

    // acs/: the identity provider's HTTP-POST response; its signature, and InResponseTo naming a
    // request this browser started, are the proof.
    for (const url of both('acs'))
      app.post<{ Body: Form | undefined }>(url, { config: { access: 'public', csrf: false }, schema: shapes.acs }, (request, reply) => inTurn(request, reply, async () => {
        const sp = await provider(name, request);
        if (!sp) return reply.redirect(unavailable(sp), 303);
        const body = request.body && typeof request.body === 'object' ? request.body : {};
        const outcome = await consumeLoginResponse(ctx, sp, body.SAMLResponse, pendingRequests(ctx, request)).catch((error: Error) => ({
          ok: false as const,
          redirect: SAML_FAILED_PAGE,
          reason: `login failed: ${error.message}`,
          clockSkewSeconds: undefined,
        }));
        if (!outcome.ok) {
          if (outcome.clockSkewSeconds !== undefined)
            request.log.error(
              { federation: name, reason: outcome.reason, clockSkewSeconds: outcome.clockSkewSeconds },
              `SAML assertion refused for its time (clock skew allowed: ${outcome.clockSkewSeconds} s)`,
            );
          else request.log.warn({ federation: name, reason: outcome.reason }, 'SAML login refused');
          return reply.redirect(outcome.redirect, 303);
        }
        if (outcome.requestId) releaseRequest(ctx, request, reply, outcome.requestId);
        if (request.auth) await deleteSession(ctx.db, request.auth.sessionId);
        const client = { ip: request.ip, userAgent: request.headers['user-agent'] };
        const session = await createSession(ctx.db, outcome.user.id, sessionDaysOf(ctx.config.sessions, outcome.user), outcome.issuer, outcome, client);
        sendSession(ctx, reply, session);
        request.log.info({ federation: name, user: outcome.user.username, created: outcome.created, unsolicited: !outcome.requestId }, 'SAML login');
        return reply.redirect(afterLogin(body.RelayState), 303);
      }));

    // metadata/: what a federation operator registers.
    for (const url of both('metadata'))
      app.get(url, { config: { access: 'public' }, schema: shapes.metadata }, async (request, reply) => {
        let sp: ServiceProvider | undefined;
        try {
          sp = await providers.get(name);
        } catch (error) {
          request.log.error({ federation: name, err: error }, 'SAML service provider unavailable');
          // Fetched and refused (a certificate, a signature, a validUntil) is not "cannot be reached".
          throw new ApiError(error instanceof MetadataError && !error.unreachable ? 'federationMetadataRefused' : 'federationUnavailable');
        }
        if (sp === undefined) throw new ApiError('notFound', msg('federationNotConfigured'));
        reply.header('content-type', 'application/samlmetadata+xml; charset=utf-8');
        return spMetadata(sp);
      });

    // logout: ends the portal session (if still there) and sends a LogoutRequest to the identity
    // provider of this service provider, for a session that signed in through it. The portal
    // starts this logout itself (the client goes here after POST /auth/logout/), so a link from
    // another site ends nothing.
    for (const url of both('logout'))
      app.get(url, { config: { access: 'public' }, schema: shapes.logout }, async (request, reply) => {
        if (requestSite(request) === 'cross-site') {
          request.log.warn({ federation: name }, 'SAML logout opened from another site; nothing ended');
          return reply.redirect(request.auth ? UI_ROOT : paths.login.href);
        }
        const identity = await endSession(request, reply);
        const sp = await provider(name, request);
        if (!sp || !identity || !sp.idp.sloUrl || identity.federation !== name) return reply.redirect(paths.login.href);
        try {
          return reply.redirect(await sp.saml.getLogoutUrlAsync(logoutProfile(identity), '', {}));
        } catch (error) {
          request.log.warn({ federation: name, err: error }, 'SAML logout request failed');
          return reply.redirect(paths.login.href);
        }
      });

    /**
     * Screens a message before node-saml reads it (saml/incoming-messages.ts): a
     * redirect-binding one must be signed, its signature is verified before it is inflated, and
     * either binding's XML is bounded in size and depth. Only a screened message is validated.
     */
    const screen = (request: FastifyRequest, sp: ServiceProvider, message: Form, redirectBinding: boolean): ScreenedMessage =>
      redirectBinding ? screenRedirectMessage(message, request.url.split('?')[1] ?? '', sp.idp.certs) : screenPostedMessage(message.SAMLRequest ?? message.SAMLResponse, 'logout');
    const validateScreened = async (request: FastifyRequest, sp: ServiceProvider, message: Form, redirectBinding: boolean, screened: ScreenedMessage) => {
      if (!screened.ok) throw new Error(screened.reason);
      if (redirectBinding) return sp.logoutSaml.validateRedirectAsync(message, request.url.split('?')[1] ?? '');
      return message.SAMLRequest
        ? sp.logoutSaml.validatePostRequestAsync(message as Record<string, string>)
        : sp.logoutSaml.validatePostResponseAsync(message as Record<string, string>);
    };
    /**
     * This browser's session ends on a verified message; on one that does not verify, only when
     * the browser does not say another site sent it (front-channel logout comes from the identity
     * provider's site, and must then be signed, as SAML requires: a link elsewhere ends nothing).
     */
    const endSessionUnlessForged = async (request: FastifyRequest, reply: FastifyReply, verified: boolean) => {
      if (verified || requestSite(request) !== 'cross-site') await endSession(request, reply);
    };

    /**
     * A LogoutRequest from the identity provider. When it verifies, all sessions of its NameID at
     * this federation end, and the answer is Success; when it does not (an unsigned request, as
     * IdPs send by default), nothing else ends and the answer is a failure status, so the identity
     * provider's logout chain goes on either way. A redirect-binding request that was refused
     * unread (unsigned, or its signature does not verify) is answered without InResponseTo.
     */
    const answerLogoutRequest = async (request: FastifyRequest, reply: FastifyReply, sp: ServiceProvider | undefined | null, message: Form, redirectBinding: boolean) => {
      if (!sp) {
        await endSessionUnlessForged(request, reply, false);
        return reply.redirect(paths.login.href, 303);
      }
      const screened = screen(request, sp, message, redirectBinding);
      let profile: Profile | null = null;
      try {
        ({ profile } = await validateScreened(request, sp, message, redirectBinding, screened));
        if (!profile) throw new Error('logout request without a subject');
        await endFederatedSessions(ctx.db, name, sp.idp.entityId, profile.nameID);
      } catch (error) {
        profile = null;
        request.log.warn({ federation: name, reason: (error as Error).message }, 'SAML logout request refused; answering with a failure status');
      }
      await endSessionUnlessForged(request, reply, profile !== null);
      const unread = redirectBinding && !screened.ok && Buffer.from(message.SAMLRequest ?? '', 'base64').length > 0;
      const requestId = profile?.ID ?? (screened.ok ? logoutRequestId(screened.xml) : unread ? '' : null);
      if (requestId === null || !sp.idp.sloUrl) return reply.redirect(paths.login.href, 303);
      const answering: Profile = profile ?? { ID: requestId || undefined, issuer: sp.idp.entityId, nameID: '', nameIDFormat: '' };
      try {
        return reply.redirect(await sp.logoutSaml.getLogoutResponseUrlAsync(answering, message.RelayState ?? '', {}, profile !== null), 303);
      } catch (error) {
        request.log.warn({ federation: name, err: error }, 'SAML logout response failed');
        return reply.redirect(paths.login.href, 303);
      }
    };

    // ls/: the identity provider's LogoutRequest (logout started elsewhere), always answered, or its
    // LogoutResponse to ours.
    const singleLogout = async (request: FastifyRequest, reply: FastifyReply, message: Form, redirectBinding: boolean) => {
      const sp = await provider(name, request);
      if (message.SAMLRequest) return answerLogoutRequest(request, reply, sp, message, redirectBinding);
      if (!sp) return reply.redirect(paths.login.href, 303);
      let verified = false;
      try {
        if (message.SAMLResponse) {
          await validateScreened(request, sp, message, redirectBinding, screen(request, sp, message, redirectBinding));
          verified = true;
        }
      } catch (error) {
        request.log.warn({ federation: name, reason: (error as Error).message }, 'SAML single logout message refused');
      }
      await endSessionUnlessForged(request, reply, verified);
      return reply.redirect(paths.login.href, 303);
    };
    for (const url of both('ls')) {
      app.get<{ Querystring: Form }>(url, { config: { access: 'public' }, schema: shapes.lsGet }, (request, reply) =>
        inTurn(request, reply, () => singleLogout(request, reply, request.query, true)),
      );
      app.post<{ Body: Form | undefined }>(url, { config: { access: 'public', csrf: false }, schema: shapes.lsPost }, (request, reply) =>
        inTurn(request, reply, () => singleLogout(request, reply, request.body && typeof request.body === 'object' ? request.body : {}, false)),
      );
    }
  }
}
