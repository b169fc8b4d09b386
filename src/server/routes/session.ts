import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import type { LoginBody, LogoutAnswer } from '../../../generated';
import { anonymousCsrfToken, cookieNames, cookieOptions } from '../plugins/auth';
import { endSession, passwordLogin } from '../services/login';
import { activeSessionJson, anonymousSession } from '../services/session-answer';
import { schemaIdOf } from '../../schema-runtime';

/** Where the browser goes after logout: federated sign-outs end at their identity provider. */
export function logoutRedirect(saml2Idp: string | null): string {
  if (!saml2Idp) return '/ui/login';
  return saml2Idp.includes('edugainproxy') ? '/saml2/edugain/logout' : '/saml2/logout';
}

/** GET /api/v1/sessionactive, POST /auth/login/ and POST /auth/logout/. */
export async function sessionRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const names = cookieNames(ctx);

  const sessionActive = async (request: import('fastify').FastifyRequest, reply: import('fastify').FastifyReply) => {
    reply.header('cache-control', 'no-store');
    if (!request.auth) return anonymousSession(ctx, anonymousCsrfToken(ctx, request, reply));
    reply.type('application/json; charset=utf-8');
    return activeSessionJson(ctx, request.auth);
  };
  app.get('/api/v1/sessionactive', { config: { access: 'public' } }, sessionActive);
  app.get('/api/v1/sessionactive/', { config: { access: 'public' } }, sessionActive);

  app.post<{ Body: LoginBody }>(
    '/auth/login/',
    { config: { access: 'public', sameOriginInsteadOfCsrf: true }, schema: { body: { $ref: schemaIdOf('api/login') } } },
    async (request, reply) => {
      const session = await passwordLogin(ctx, request.body, request.ip, request.auth?.sessionId ?? null, request.cookies[names.language]);
      reply.setCookie(names.session, session.token, { ...cookieOptions(ctx), expires: session.expiresAt });
      reply.clearCookie(names.csrf, cookieOptions(ctx));
      return { status: { code: 200, message: 'Login successful' } };
    },
  );

  app.post('/auth/logout/', { config: { access: 'public' } }, async (request, reply) => {
    const redirect = logoutRedirect(request.auth?.saml2Idp ?? null);
    if (request.auth) await endSession(ctx, request.auth, reply);
    reply.clearCookie(names.session, cookieOptions(ctx));
    const answer: LogoutAnswer = { redirect };
    return answer;
  });
}
