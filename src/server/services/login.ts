/**
 * Sign-in and sign-out. Sign-in with username and password (POST /auth/login/): the attempt limits per address and
 * username and per username, the password check, and the new session replacing the caller's old one.
 */
import type { FastifyReply } from 'fastify';
import { sql } from 'kysely';
import type { LoginBody } from '../../../generated';
import type { AppContext, AuthContext } from '../context';
import { ApiError } from '../errors';
import { verifyPassword } from './passwords';
import { createSession, deleteSession } from './sessions';
import { rememberFederatedLogout } from './saml/logout';

/**
 * Checks the credentials and opens a session; throws `tooManyLoginAttempts` or `loginFailed`.
 *
 * @param previousSessionId - the caller's current session, ended on success
 * @returns the new session's cookie token and expiry
 */
export async function passwordLogin(
  ctx: AppContext,
  { username, password }: LoginBody,
  ip: string,
  previousSessionId: string | null,
  /** The web client's interface language (its cookie), remembered for the user's mails. */
  language?: string,
): Promise<{ token: string; expiresAt: Date }> {
  const { db, schemas } = ctx;
  const { loginAttemptsPerWindow, loginAttemptsPerUsername, loginWindowMinutes, sessionDays } = schemas.constants;
  // Two counters: per address and username, and per username over every address (a client
  // spreading guesses over many addresses still runs out).
  const name = username.toLowerCase();
  const perAddress = `${ip}|${name}`;
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
  if (previousSessionId) await deleteSession(db, previousSessionId);
  const session = await createSession(db, user.id, sessionDays);
  const remembered = language === 'hr' || language === 'en' ? { language } : {};
  await db.updateTable('users').set({ last_login: new Date(), ...remembered }).where('id', '=', user.id).execute();
  return session;
}

/** Sign-out (POST /auth/logout/): a federated session is remembered for single logout, then ended. */
export async function endSession(ctx: AppContext, auth: AuthContext, reply: FastifyReply): Promise<void> {
  if (auth.saml2Idp) await rememberFederatedLogout(ctx, auth.sessionId, reply);
  await deleteSession(ctx.db, auth.sessionId);
}
