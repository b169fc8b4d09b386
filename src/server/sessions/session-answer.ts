/**
 * What GET /api/v1/sessionactive answers: whether the caller is signed in, their CSRF token, the
 * portal's switches and, signed in, the user with their memberships. The signed-in answer is kept,
 * as the JSON text sent, with the session in the process's session cache (dropped on any change to
 * the session, the user or their memberships, see services/session-cache.ts), so a signed-in check
 * normally reads nothing from the database and builds nothing.
 */
import type { Session } from '@generated';
import type { AppContext, AuthContext } from '../context';
import { membershipsOf, toUser } from '../users/users';
import { sessionCacheOf } from './session-cache';

/** The portal's switches every client reads with the session. */
export function sessionConfig(ctx: AppContext): Session['config'] {
  return {
    enable_accounting: ctx.config.enableAccounting,
    enable_edugain: ctx.config.enableEdugain,
    grace_months: ctx.config.graceMonths ?? ctx.schemas.constants.graceMonthsFallback,
  };
}

/** The answer for a caller without a session (`csrfToken`: their anonymous double-submit token). */
export function anonymousSession(ctx: AppContext, csrfToken: string): Session {
  return { active: false, error: 'Session not active', csrftoken: csrfToken, config: sessionConfig(ctx) };
}

/** The answer for a signed-in caller, as JSON text (`Session`). */
export async function activeSessionJson(ctx: AppContext, auth: AuthContext): Promise<string> {
  const { user, csrfToken, saml2Idp, sessionId } = auth;
  const cache = sessionCacheOf(ctx.db);
  const held = cache?.get(sessionId);
  if (held?.auth === auth && held.answer) return held.answer;
  const stamp = cache?.stamp ?? 0;
  const answer: Session = {
    active: true,
    csrftoken: csrfToken,
    saml2_idp: saml2Idp,
    config: sessionConfig(ctx),
    userdetails: { ...toUser(user), userproject_set: await membershipsOf(ctx.db, user) },
  };
  const text = JSON.stringify(answer);
  if (held?.auth === auth) cache?.storeAnswer(sessionId, text, stamp);
  return text;
}
