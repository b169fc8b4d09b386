import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { AppContext } from '../context';
import type { LoginBody, LogoutAnswer, Session } from '../../../generated';
import { ApiError } from '../errors';
import { anonymousCsrfToken, cookieNames, cookieOptions, rememberLanguage } from '../plugins/auth';
import { createSession, deleteSession } from '../services/sessions';
import { rememberFederatedLogout } from '../services/saml/logout';
import { verifyPassword } from '../services/passwords';
import { membershipsOf, toUser } from '../services/users';
import { schemaIdOf } from '../../schema-runtime';

/** Where the browser goes after logout: federated sign-outs end at their identity provider. */
export function logoutRedirect(saml2Idp: string | null): string {
  if (!saml2Idp) return '/ui/login';
  return saml2Idp.includes('edugainproxy') ? '/saml2/edugain/logout' : '/saml2/logout';
}

/** GET /api/v1/sessionactive, POST /auth/login/ and POST /auth/logout/. */
export async function sessionRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db, schemas, config } = ctx;
  const names = cookieNames(ctx);
  const sessionConfig = (): Session['config'] => ({
    enable_accounting: config.enableAccounting,
    enable_edugain: config.enableEdugain,
    grace_months: config.graceMonths ?? schemas.constants.graceMonthsFallback,
  });

  const sessionActive = async (request: import('fastify').FastifyRequest, reply: import('fastify').FastifyReply) => {
    reply.header('cache-control', 'no-store');
    if (!request.auth) {
      const answer: Session = {
        active: false,
        error: 'Session not active',
        csrftoken: anonymousCsrfToken(ctx, request, reply),
        config: sessionConfig(),
      };
      return answer;
    }
    const { user, csrfToken, saml2Idp } = request.auth;
    const answer: Session = {
      active: true,
      csrftoken: csrfToken,
      saml2_idp: saml2Idp,
      config: sessionConfig(),
      userdetails: { ...toUser(user), userproject_set: await membershipsOf(db, user) },
    };
    return answer;
  };
  app.get('/api/v1/sessionactive', { config: { access: 'public' } }, sessionActive);
  app.get('/api/v1/sessionactive/', { config: { access: 'public' } }, sessionActive);

  app.post<{ Body: LoginBody }>(
    '/auth/login/',
    { config: { access: 'public', sameOriginInsteadOfCsrf: true }, schema: { body: { $ref: schemaIdOf('api/login') } } },
    async (request, reply) => {
      const { username, password } = request.body;
      const { loginAttemptsPerWindow, loginAttemptsPerUsername, loginWindowMinutes, sessionDays } = schemas.constants;
      // Two counters: per address and username, and per username over every address (a client
      // spreading guesses over many addresses still runs out).
      const name = username.toLowerCase();
      const perAddress = `${request.ip}|${name}`;
      const perUsername = `user|${name}`;
      const since = new Date(Date.now() - loginWindowMinutes * 60_000);
      const counts = await db
        .selectFrom('login_attempts')
        .select(['key', sql<number>`count(*)::int`.as('n')])
        .where('key', 'in', [perAddress, perUsername])
        .where('attempted_at', '>', since)
        .groupBy('key')
        .execute();
      const count = (key: string) => counts.find((c) => c.key === key)?.n ?? 0;
      if (count(perAddress) >= loginAttemptsPerWindow || count(perUsername) >= loginAttemptsPerUsername)
        throw new ApiError('tooManyLoginAttempts');
      const user = await db.selectFrom('users').selectAll().where('username', '=', username).executeTakeFirst();
      const ok = await verifyPassword(password, user?.password_hash);
      if (!user || !ok || !user.is_active) {
        await db.insertInto('login_attempts').values([{ key: perAddress }, { key: perUsername }]).execute();
        throw new ApiError('loginFailed');
      }
      await db.deleteFrom('login_attempts').where('key', '=', perAddress).execute();
      if (request.auth) await deleteSession(db, request.auth.sessionId);
      const session = await createSession(db, user.id, sessionDays);
      await db.updateTable('users').set({ last_login: new Date() }).where('id', '=', user.id).execute();
      await rememberLanguage(ctx, user, request.cookies[names.language]);
      reply.setCookie(names.session, session.token, { ...cookieOptions(ctx), expires: session.expiresAt });
      reply.clearCookie(names.csrf, cookieOptions(ctx));
      return { status: { code: 200, message: 'Login successful' } };
    },
  );

  app.post('/auth/logout/', { config: { access: 'public' } }, async (request, reply) => {
    const redirect = logoutRedirect(request.auth?.saml2Idp ?? null);
    if (request.auth?.saml2Idp) await rememberFederatedLogout(ctx, request.auth.sessionId, reply);
    if (request.auth) await deleteSession(db, request.auth.sessionId);
    reply.clearCookie(names.session, cookieOptions(ctx));
    const answer: LogoutAnswer = { redirect };
    return answer;
  });
}
