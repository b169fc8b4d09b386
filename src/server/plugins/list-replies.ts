/**
 * The HTTP side of the whole lists: sending the answers that each process keeps current row by row (lists,
 * docs/decisions/0280-incremental-list-upkeep.md): gzip as held, or decompressed for a client
 * without gzip, with a weak ETag and 304 for a caller who holds it.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { schemaSetHash } from '../schema-live/set-hash';
import { listUpkeepOf, type LiveListSpec } from '../lists/list-upkeep';

/** The entity tags of an If-None-Match header, all made weak (it compares weakly). */
export function parseIfNoneMatch(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean)
    .map((t) => (t === '*' || t.startsWith('W/') ? t : `W/${t}`));
}

/** Whether the request's Accept-Encoding allows gzip (a `q=0` refuses it). */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  return header.split(',').some((part) => {
    const [coding, ...params] = part.trim().toLowerCase().split(';');
    if (coding.trim() !== 'gzip' && coding.trim() !== '*') return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

/*
 * The JSON text for clients without gzip, kept as long as the list holds that answer (keyed by its
 * gzip body): joining megabytes on every such call would cost more than the lookup itself.
 */
const texts = new WeakMap<Buffer, Buffer>();

/**
 * Answers a request with a live list as it is now (changes committed before the request are in
 * it): 304 when the caller's If-None-Match holds its ETag, else the JSON — gzip-encoded when the
 * caller accepts gzip, decompressed otherwise. The schema set in use is part of the list's name: a
 * set that goes live without a restart may change what a list shows.
 */
export async function sendCachedList(ctx: AppContext, request: FastifyRequest, reply: FastifyReply, spec: LiveListSpec): Promise<FastifyReply> {
  const upkeep = listUpkeepOf(ctx, ctx.db, (message) => request.server.log.warn(message));
  const store = await upkeep.read({ ...spec, name: `${spec.name}|${schemaSetHash(ctx.schemas)}` });
  const { etag, gz } = store.stored();
  reply.header('vary', 'accept-encoding').header('etag', etag);
  const held = parseIfNoneMatch(request.headers['if-none-match']);
  if (held.includes(etag) || held.includes('*')) return reply.code(304).send();
  reply.type('application/json; charset=utf-8');
  if (acceptsGzip(request.headers['accept-encoding'])) return reply.header('content-encoding', 'gzip').send(gz);
  let text = texts.get(gz);
  if (!text) texts.set(gz, (text = store.text()));
  return reply.send(text);
}

/** Stops the app's periodic list check when the app closes. */
export function registerListUpkeep(app: FastifyInstance, ctx: AppContext): void {
  app.addHook('onClose', async () => listUpkeepOf(ctx, ctx.db, (message) => app.log.warn(message)).stop());
}

