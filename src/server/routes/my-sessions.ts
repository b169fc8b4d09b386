import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { ApiError, msg } from '../errors';
import { cookieNames, cookieOptions } from '../sessions/session-cookies';
import { endMyOtherSessions, endMySession, mySessions } from '../sessions/my-sessions';
import { json, path, ref, type RouteShape } from '../openapi/route-shape';

/** A listed session id (api/my-sessions.json): anything else names no session. */
const LISTED_ID = /^[A-Za-z0-9_-]{22}$/;

/**
 * The caller's own sessions (docs/decisions/0621-sessions-idle-and-listed.md): the list on My info
 * (GET my-sessions/), ending one (POST my-sessions/:id/end) and ending all but this one
 * (POST my-sessions/end-others).
 */
export async function mySessionRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const names = cookieNames(ctx);
  const auth = (request: import('fastify').FastifyRequest) => {
    if (!request.auth) throw new ApiError('notAuthenticated');
    return request.auth;
  };
  const ended = json('How many were ended.', ref('api/my-sessions#/definitions/ended'));

  const list: RouteShape = {
    summary: 'The caller’s live sessions: when each started and was last used, its browser and address; the caller’s own is marked.',
    response: { 200: json('The last used first.', ref('api/my-sessions')) },
  };
  app.get('/api/v1/internal/my-sessions/', { schema: list }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return mySessions(ctx, auth(request));
  });

  const one: RouteShape = {
    summary: 'Ends one of the caller’s sessions (their own current one too, which signs them out).',
    checkedByHandler: { params: path({ id: 'The session’s id from the list.' }) },
    response: { 200: ended },
  };
  app.post<{ Params: { id: string } }>('/api/v1/internal/my-sessions/:id/end', { schema: one }, async (request, reply) => {
    const caller = auth(request);
    if (!LISTED_ID.test(request.params.id)) throw new ApiError('notFound', msg('sessionNotFound', { user: caller.user.username }));
    const answer = await endMySession(ctx, caller, request.params.id);
    if (answer.currentEnded) reply.clearCookie(names.session, cookieOptions(ctx));
    return answer;
  });

  const others: RouteShape = { summary: 'Ends every session of the caller but the one of this request.', response: { 200: ended } };
  app.post('/api/v1/internal/my-sessions/end-others', { schema: others }, async (request) => endMyOtherSessions(ctx, auth(request)));
}
