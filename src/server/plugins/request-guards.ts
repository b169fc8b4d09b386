import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError, localText } from '../errors';
import { renderMessage } from '../i18n/messages';

/** Where the browser says a request comes from, by `Sec-Fetch-Site` or, failing that, `Origin`. */
export type RequestSite = 'same-origin' | 'cross-site' | 'unknown';

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * The browser's own word on where a request was started. `Sec-Fetch-Site` (every current browser)
 * wins; `same-site` counts as cross-site, as a sibling host is not this portal. Without it an
 * `Origin` header is compared with the host the request was sent to. Clients that are not browsers
 * send neither: 'unknown'.
 */
export function requestSite(request: FastifyRequest): RequestSite {
  const fetchSite = header(request, 'sec-fetch-site');
  if (fetchSite) return fetchSite === 'same-origin' || fetchSite === 'none' ? 'same-origin' : 'cross-site';
  const origin = header(request, 'origin');
  if (!origin) return 'unknown';
  if (origin === 'null') return 'cross-site';
  try {
    const from = new URL(origin);
    // The Host header, read with the origin's scheme so that default ports compare equal.
    const to = new URL(`${from.protocol}//${request.host}`);
    return from.host === to.host ? 'same-origin' : 'cross-site';
  } catch {
    return 'cross-site';
  }
}

/** Pointers of path and query parameters whose value holds a NUL character. */
function nulParameters(request: FastifyRequest): string[] {
  const found: string[] = [];
  for (const [part, values] of [['path', request.params], ['query', request.query]] as const) {
    if (!values || typeof values !== 'object') continue;
    for (const [name, value] of Object.entries(values as Record<string, unknown>)) {
      const texts = Array.isArray(value) ? value : [value];
      if (name.includes('\u0000') || texts.some((v) => typeof v === 'string' && v.includes('\u0000'))) found.push(`${part}/${name}`);
    }
  }
  return found;
}

/**
 * Checks every request before it reaches a route: a NUL character (`%00`) in a path or query
 * parameter is refused as the body's NUL rule (noNul) refuses it, naming the parameter; a route
 * marked `refuseCrossSite` (a GET that changes data, which SameSite=Lax cookies do not protect)
 * is refused when the browser says a foreign site started the request.
 */
export async function registerRequestGuards(app: FastifyInstance): Promise<void> {
  // A callback hook, not an async one: it runs on every request and never waits for anything.
  app.addHook('onRequest', (request, _reply, done) => {
    const bad = nulParameters(request);
    if (bad.length > 0)
      return done(
        new ApiError('validationFailed', localText((lang) => bad.map((p) => renderMessage('nulCharacter', lang, { path: p })).join('; ')), {
          issues: bad.map((path) => ({ path: `/${path}`, key: 'nulCharacter', params: {} })),
        }),
      );
    if (request.routeOptions.config?.refuseCrossSite && requestSite(request) === 'cross-site') return done(new ApiError('crossSiteRefused'));
    done();
  });
}
