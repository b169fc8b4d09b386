import type { FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
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
 * Security headers on every answer (`@fastify/helmet`): the CSP above, `X-Content-Type-Options:
 * nosniff`, `Referrer-Policy: same-origin` (invitation keys travel in URLs), framing refused, and
 * HSTS only in production, where the portal is served over HTTPS.
 */
export async function registerSecurityHeaders(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const directives: Record<string, string[]> = Object.fromEntries(
    Object.entries(CONTENT_SECURITY_POLICY).map(([k, v]) => [k, [...v]]),
  );
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: { ...directives, ...(ctx.config.production ? { 'upgrade-insecure-requests': [] } : {}) } },
    referrerPolicy: { policy: 'same-origin' },
    frameguard: { action: 'deny' },
    strictTransportSecurity: ctx.config.production ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  });
}
