import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';

/**
 * The schema set the server runs on, for the browser: every document of `schemas/` (or
 * `SCHEMAS_DIR`) in one compact answer with an ETag. The client loads it once before the first
 * page, so server and browser always validate against the same files and a schema edit needs only
 * a restart. Public: the login page reads service names and vocabularies from it.
 */
export async function schemaRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const body = JSON.stringify({ docs: ctx.schemas.ids.map((id) => ctx.schemas.schema(id)) });
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`;
  const gzipped = gzipSync(body, { level: 9 });
  app.get('/api/v1/internal/schemas/', { config: { access: 'public' } }, async (request, reply) => {
    reply.header('etag', etag).header('cache-control', 'no-cache').header('vary', 'accept-encoding');
    if (request.headers['if-none-match'] === etag) return reply.status(304).send();
    reply.type('application/json; charset=utf-8');
    // Compressed once at start: the set is read by every first page load.
    if (/\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) return reply.header('content-encoding', 'gzip').send(gzipped);
    return reply.send(body);
  });
}
