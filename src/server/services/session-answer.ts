/**
 * What GET /api/v1/sessionactive answers: whether the caller is signed in, their CSRF token, the
 * portal's switches and, signed in, the user with their memberships. The memberships are kept with
 * the session in the process's session cache (dropped on any change to them, see
 * services/session-cache.ts), so a signed-in check normally reads nothing from the database.
 */
import type { Session } from '../../../generated';
import type { AppContext, AuthContext } from '../context';
import { membershipsOf, toUser } from './users';
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

/** The answer for a signed-in caller. */
export async function activeSession(ctx: AppContext, auth: AuthContext): Promise<Session> {
  const { user, csrfToken, saml2Idp, sessionId } = auth;
  const cache = sessionCacheOf(ctx.db);
  const held = cache?.get(sessionId);
  let memberships = held?.auth === auth ? held.memberships : undefined;
  if (!memberships) {
    const stamp = cache?.stamp ?? 0;
    memberships = await membershipsOf(ctx.db, user);
    if (held?.auth === auth) cache?.storeMemberships(sessionId, memberships, stamp);
  }
  return {
    active: true,
    csrftoken: csrfToken,
    saml2_idp: saml2Idp,
    config: sessionConfig(ctx),
    userdetails: { ...toUser(user), userproject_set: memberships },
  };
}
