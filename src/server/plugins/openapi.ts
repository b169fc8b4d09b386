import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import type { FastifyInstance } from 'fastify';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { AppContext } from '../context';
import { ROUTE_SCHEMAS } from '../openapi/route-schemas';
import { buildOpenApiDocument } from '../openapi/openapi-document';
import { cookieNames } from './auth';

declare module 'fastify' {
  interface FastifyInstance {
    /** Routes whose own body/query/params schema differs from their declaration in openapi/route-schemas.ts. */
    routeSchemaMismatches: string[];
  }
}

const VALIDATED_PARTS = ['body', 'querystring', 'params'] as const;

/**
 * Attaches each route's declared answers (openapi/route-schemas.ts) to it as its response schema,
 * by an `onRoute` hook, so route files need not repeat them. Answers are serialised with
 * `JSON.stringify`, not with schemas compiled by fast-json-stringify, which would silently drop a
 * property a schema does not name: the schemas document the answers and tests/api/openapi.test.ts
 * holds real answers to them exactly (docs/decisions/0140-route-schemas-and-openapi.md).
 */
export function declareRouteSchemas(app: FastifyInstance): void {
  const mismatches: string[] = [];
  app.decorate('routeSchemaMismatches', mismatches);
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  app.addHook('onRoute', (route) => {
    const method = [route.method].flat()[0];
    const key = `${method} ${route.url}`;
    const declaration = ROUTE_SCHEMAS[key];
    if (!declaration) return;
    const own = (route.schema ?? {}) as Record<string, unknown>;
    for (const part of VALIDATED_PARTS)
      if (own[part] !== undefined && !isDeepStrictEqual(own[part], declaration[part])) mismatches.push(`${key}: ${part}`);
    const response = Object.fromEntries(
      Object.entries(declaration.response).flatMap(([status, answer]) => (answer.schema ? [[status, answer.schema]] : [])),
    );
    route.schema = { ...route.schema, response };
  });
}

/**
 * `GET /api/openapi.json` (the OpenAPI 3.1 document, built once the app is ready, when every route
 * is registered) and the reference page `/api/docs` (`@fastify/swagger` in static mode serving that
 * document to `@fastify/swagger-ui`). Both public. The page loads only its own files, so the
 * portal's strict Content-Security-Policy holds there too.
 */
export async function registerOpenApi(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const document: Record<string, unknown> = {};
  const { version } = JSON.parse(readFileSync(join(__dirname, '../../../package.json'), 'utf8')) as { version: string };
  const serviceName = ctx.schemas.service.serviceName.en;
  app.addHook('onReady', async () => {
    const built = buildOpenApiDocument(ctx.schemas, app.registeredRoutes, {
      title: `${serviceName} portal API`,
      version,
      description:
        'The portal’s HTTP API: the web client’s internal calls (session cookie and X-CSRFToken), the external API for the clusters (API key) and the operator endpoints. Schemas come from the portal’s schemas/ folder. Errors answer {"status": {"code", "message", "key"}} with the message in the caller’s language (Croatian by default, English by Accept-Language or the language cookie).',
      sessionCookie: cookieNames(ctx).session,
    });
    for (const key of Object.keys(document)) delete document[key];
    Object.assign(document, built);
  });
  app.get('/api/openapi.json', { config: { access: 'public' } }, async () => document);
  await app.register(fastifySwagger, { mode: 'static', specification: { document: document as never } });
  await app.register(async (docs) => {
    docs.addHook('onRoute', (route) => {
      route.config = { ...route.config, access: 'public' };
    });
    await docs.register(fastifySwaggerUi, {
      routePrefix: '/api/docs',
      uiConfig: { docExpansion: 'list', deepLinking: true, defaultModelsExpandDepth: 0 },
      theme: { title: `${serviceName} — API` },
    });
  });
}
