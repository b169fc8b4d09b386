import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import type { LoginBody, LogoutAnswer } from '@generated';
import { anonymousCsrfToken, sendSession } from '../plugins/auth';
import { cookieNames, cookieOptions } from '../sessions/session-cookies';
import { KNOWN_BROWSER_DAYS, passwordLogin } from '../sessions/login';
import { endSession } from '../plugins/saml-cookies';
import { activeSessionJson, anonymousSession } from '../sessions/session-answer';
import { federatedIdentity, logoutRedirect } from '../saml/logout';
import { json, MESSAGE, ref, type RouteShape } from '../openapi/route-shape';

/** GET /api/v1/sessionactive, POST /auth/login/ and POST /auth/logout/. */
export async function sessionRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const names = cookieNames(ctx);

  const sessionActive = async (request: import('fastify').FastifyRequest, reply: import('fastify').FastifyReply) => {
    reply.header('cache-control', 'no-store');
    if (!request.auth) return anonymousSession(ctx, anonymousCsrfToken(ctx, request, reply));
    reply.type('application/json; charset=utf-8');
    return activeSessionJson(ctx, request.auth);
  };
  const session: RouteShape = {
    summary: 'The caller’s session: signed in or not, the CSRF token, the user with their memberships and the portal’s switches.',
    response: { 200: json('The session (active false for an anonymous caller, who gets a CSRF cookie).', ref('entities/session')) },
  };
  app.get('/api/v1/sessionactive', { config: { access: 'public' }, schema: session }, sessionActive);
  app.get('/api/v1/sessionactive/', { config: { access: 'public' }, schema: session }, sessionActive);

  app.post<{ Body: LoginBody }>(
    '/auth/login/',
    {
      config: { access: 'public', sameOriginInsteadOfCsrf: true },
      schema: {
        summary: 'Signs in with a username and password (rate-limited); sets the session cookie.',
        body: ref('api/login'),
        response: { 200: json('Signed in.', MESSAGE) },
      },
    },
    async (request, reply) => {
      const client = { ip: request.ip, userAgent: request.headers['user-agent'], knownBrowser: request.cookies[names.knownBrowser] };
      const session = await passwordLogin(ctx, request.body, client, request.auth?.sessionId ?? null, request.cookies[names.language]);
      sendSession(ctx, reply, session);
      reply.setCookie(names.knownBrowser, session.knownBrowser, { ...cookieOptions(ctx), maxAge: KNOWN_BROWSER_DAYS * 86_400 });
      return { status: { code: 200, message: 'Login successful' } };
    },
  );

  const logout: RouteShape = { summary: 'Ends the session.', response: { 200: json('Where the browser goes next.', ref('api/logout-answer')) } };
  app.post('/auth/logout/', { config: { access: 'public' }, schema: logout }, async (request, reply) => {
    // Federated sign-outs end at the identity provider of the service provider the session signed in through.
    const redirect = logoutRedirect(request.auth ? await federatedIdentity(ctx, request.auth.sessionId) : null);
    if (request.auth) await endSession(ctx, request.auth, reply);
    reply.clearCookie(names.session, cookieOptions(ctx));
    const answer: LogoutAnswer = { redirect };
    return answer;
  });
}
