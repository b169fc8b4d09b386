/**
 * One's own sessions (docs/decisions/0621-sessions-idle-and-listed.md): the list on My info and
 * ending one of them or all the others. A session is named by an id derived from its row's key
 * (itself a hash of the cookie token), so the list gives away nothing a cookie could be made from.
 * Ending deletes the rows: this process forgets them at once, the others on the database's
 * notification (migration 0011), so the session is refused everywhere from the next request on.
 */
import { createHash } from 'node:crypto';
import type { MySession, MySessionsAnswer, SessionsEndedAnswer } from '@generated';
import type { AppContext, AuthContext } from '../context';
import { ApiError, msg } from '../errors';
import { sessionCacheOf } from './session-cache';
import { sessionLifetimes } from './sessions';
import { userAgentSummary } from './user-agent';
import { deleteUserSessionsWithIds, liveSessionsOf, otherSessionIds } from './queries';

/** The listed id of a session row: 22 URL-safe characters, not the row's key. */
export function listedSessionId(rowId: string): string {
  return createHash('sha256').update(`listed-session\0${rowId}`).digest('base64url').slice(0, 22);
}

/** The caller's sessions that are live: not past their absolute lifetime and not idle past their time. */
async function liveSessions(ctx: AppContext, auth: AuthContext) {
  const now = Date.now();
  const { idle } = sessionLifetimes(ctx.config.sessions, auth.user);
  return liveSessionsOf(ctx.db, auth.user.id, new Date(now), new Date(now - idle * 60_000));
}

/** GET my-sessions/: the caller's live sessions, the last used first (the caller's own is marked). */
export async function mySessions(ctx: AppContext, auth: AuthContext): Promise<MySessionsAnswer> {
  const rows = await liveSessions(ctx, auth);
  const sessions = rows.map((row): MySession => {
    const current = row.id === auth.sessionId;
    return {
      id: listedSessionId(row.id),
      started: new Date(row.created_at).toISOString(),
      // This request uses the caller's session now, whatever its mark (kept to the minute) says.
      lastUsed: new Date(current ? Date.now() : row.last_used_at).toISOString(),
      ...userAgentSummary(row.user_agent),
      address: row.ip,
      federated: row.saml2_idp !== null,
      current,
    };
  });
  return { sessions };
}

async function endRows(ctx: AppContext, auth: AuthContext, ids: string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const cache = sessionCacheOf(ctx.db);
  for (const id of ids) cache?.forgetSession(id);
  const ended = await deleteUserSessionsWithIds(ctx.db, auth.user.id, ids);
  // What a request read meanwhile is not kept (the other processes drop it on the notification).
  cache?.forgetUser(auth.user.id);
  return ended;
}

/**
 * POST my-sessions/:id/end: ends one of the caller's sessions (their own current one too: that is
 * a sign-out). An id that is not one of the caller's live sessions is 404 "Session not found",
 * alike for another user's session and for one that never was.
 */
export async function endMySession(ctx: AppContext, auth: AuthContext, listedId: string): Promise<SessionsEndedAnswer> {
  const u = auth.user.username;
  const row = (await liveSessions(ctx, auth)).find((r) => listedSessionId(r.id) === listedId);
  if (!row) throw new ApiError('notFound', msg('sessionNotFound', { user: u }));
  const ended = await endRows(ctx, auth, [row.id]);
  return { status: { code: 200, message: `${u} - Session ended` }, ended, currentEnded: row.id === auth.sessionId };
}

/** POST my-sessions/end-others: ends every session of the caller but the one of this request. */
export async function endMyOtherSessions(ctx: AppContext, auth: AuthContext): Promise<SessionsEndedAnswer> {
  const ended = await endRows(ctx, auth, await otherSessionIds(ctx.db, auth.user.id, auth.sessionId));
  return { status: { code: 200, message: `${auth.user.username} - Other sessions ended: ${ended}` }, ended, currentEnded: false };
}
