import { gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import type { SchemaSet } from '@/schema-runtime';
import { schemaSetHash, setDocs } from '../schema-live/set-hash';
import { schemaHistory } from '../schema-live/schema-history';
import { json, ref, type RouteShape } from '../openapi/route-shape';
import { ApiError, msg } from '../errors';

/** The answer of one set, built once per set: its JSON, gzip copy and ETag. */
const answers = new WeakMap<SchemaSet, { body: string; gzipped: Buffer; etag: string }>();

function answerOf(set: SchemaSet) {
  let answer = answers.get(set);
  if (!answer) {
    const body = JSON.stringify({ docs: setDocs(set) });
    answer = { body, gzipped: gzipSync(body, { level: 9 }), etag: `"${schemaSetHash(set)}"` };
    answers.set(set, answer);
  }
  return answer;
}

/**
 * The schema set the server runs on, for the browser: every document of `schemas/` (or
 * `SCHEMAS_DIR`) in one compact answer whose ETag is the set's hash. The client loads it before
 * the first page and asks again (If-None-Match) when an answer's `X-Schema-Set` header names
 * another set, so a set that went live reaches open pages. Public: the login page reads service
 * names and vocabularies from it. Staff may reload the folder and read the history of the sets.
 */
export async function schemaRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const set: RouteShape = {
    summary: 'The schema set the server runs on, for the browser (ETag: the set’s hash; every answer names it in X-Schema-Set).',
    response: { 200: json('Every document of schemas/.', ref('api/operations-answers#/definitions/schemaSet')) },
  };
  app.get('/api/v1/internal/schemas/', { config: { access: 'public' }, schema: set }, async (request, reply) => {
    const { body, gzipped, etag } = answerOf(ctx.schemas);
    reply.header('etag', etag).header('cache-control', 'no-cache').header('vary', 'accept-encoding');
    if (request.headers['if-none-match'] === etag) return reply.status(304).send();
    reply.type('application/json; charset=utf-8');
    // Compressed once per set: the set is read by every first page load.
    if (/\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) return reply.header('content-encoding', 'gzip').send(gzipped);
    return reply.send(body);
  });

  const reload: RouteShape = {
    summary: 'Staff: loads the schema folder again; a set that passes every check goes live in every process, a refused one changes nothing.',
    response: { 200: json('What the reload did: live with its changes, unchanged, or refused with its problems.', ref('api/operations-answers#/definitions/schemaReload')) },
  };
  app.post('/api/v1/internal/schemas/reload', { config: { access: 'staff' }, schema: reload }, async () => {
    if (!ctx.live) throw new ApiError('notFound', msg('schemasNotLive'));
    return ctx.live.reload('api');
  });

  const history: RouteShape = {
    summary: 'Staff: the schema sets that went live, newest first, with their changes.',
    response: { 200: json('The set in use and the history.', ref('api/operations-answers#/definitions/schemaHistory')) },
  };
  app.get('/api/v1/internal/schemas/history', { config: { access: 'staff' }, schema: history }, async () => ({ current: schemaSetHash(ctx.schemas), sets: await schemaHistory(ctx.db) }));
}
