import type { FastifyInstance } from 'fastify';

/** Static files of the client: one page view fetches a dozen, so they are logged at debug only. */
const ASSET = /^\/(?:ui\/)?(?:static|assets|fonts)\/|\.(?:js|css|map|svg|png|ico|woff2?)(?:\?|$)/;

/**
 * One log line per request, when it has been answered: method, URL, status, time and the request
 * id. Fastify's own pair of lines per request ("incoming request", "request completed") doubled the
 * log and buried the start-up banner; API calls stay at info, static assets go to debug.
 */
export function registerRequestLog(app: FastifyInstance): void {
  app.addHook('onResponse', (request, reply, done) => {
    const line = { method: request.method, url: request.url, status: reply.statusCode, ms: Math.round(reply.elapsedTime) };
    if (ASSET.test(request.url) || reply.statusCode === 304) request.log.debug(line, 'request');
    else request.log.info(line, 'request');
    done();
  });
}
