import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { AppContext } from '../context';

/**
 * The Content-Security-Policy of every answer. Scripts only from the portal itself: the built
 * client has no inline script (webpack emits files, index.html loads them with `defer`).
 * `'unsafe-eval'` stays because the request forms compile their JSON Schemas with ajv in the
 * browser, which generates functions. Styles may be inline: the grid and the chart libraries
 * inject their styles at run time; styles cannot run code.
 */
export const CONTENT_SECURITY_POLICY = {
  'default-src': ["'self'"],
  'script-src': ["'self'", "'unsafe-eval'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
} as const;

/**
 * The headers `helmet` writes for these options, asked of it once: its headers depend on the
 * options only, never on the request, so there is nothing to compute per answer.
 */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = String(value);
      return this;
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  } as unknown as ServerResponse;
  helmet(options)({} as IncomingMessage, response, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/**
 * Security headers on every answer (`helmet`): the CSP above, `X-Content-Type-Options: nosniff`,
 * `Referrer-Policy: same-origin` (invitation keys travel in URLs), framing refused, and HSTS and
 * `upgrade-insecure-requests` when the portal is served over https (`config.https`, from
 * `PUBLIC_URL`). The header set is built once and added to each
 * answer by one synchronous hook (the Fastify plugin ran helmet's option parsing for every request:
 * docs/decisions/0220-session-check-and-hooks.md).
 */
export function registerSecurityHeaders(app: FastifyInstance, ctx: AppContext): void {
  const directives: Record<string, string[]> = Object.fromEntries(
    Object.entries(CONTENT_SECURITY_POLICY).map(([k, v]) => [k, [...v]]),
  );
  const headers = helmetHeaders({
    contentSecurityPolicy: { useDefaults: false, directives: { ...directives, ...(ctx.config.https ? { 'upgrade-insecure-requests': [] } : {}) } },
    referrerPolicy: { policy: 'same-origin' },
    frameguard: { action: 'deny' },
    strictTransportSecurity: ctx.config.https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
