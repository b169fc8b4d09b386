import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { AppContext } from '../context';
import { json, ref, type RouteShape, routeShapeOf } from '../openapi/route-shape';
import { buildOpenApiDocument } from '../openapi/openapi-document';
import { cookieNames } from '../sessions/session-cookies';

declare module 'fastify' {
  interface FastifyInstance {
    /** The shape each registered route declared in its `schema:` option, by `METHOD url`. */
    routeShapes: Map<string, RouteShape>;
  }
}

/**
 * Collects each route's shape (its `schema:` option, openapi/route-shape.ts) as it registers, by an
 * `onRoute` hook, and hands Fastify only what it acts on: the parts it validates and the answers'
 * schemas. Answers are serialised with `JSON.stringify`, not with schemas compiled by
 * fast-json-stringify, which would silently drop a property a schema does not name: the schemas
 * document the answers and tests/api/openapi.test.ts holds real answers to them exactly
 * (docs/decisions/0140-route-schemas-and-openapi.md, 0330-route-shapes-on-routes.md).
 */
export function declareRouteSchemas(app: FastifyInstance): void {
  const shapes = new Map<string, RouteShape>();
  app.decorate('routeShapes', shapes);
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  app.addHook('onRoute', (route) => {
    const shape = routeShapeOf(route.schema);
    if (!shape) return;
    const { params, querystring, body } = shape;
    const validated = Object.fromEntries(Object.entries({ params, querystring, body }).filter(([, part]) => part !== undefined));
    const method = [route.method].flat()[0];
    // The HEAD twin of a GET validates as the GET does; its answers are the GET's, documented there.
    if (method === 'HEAD') {
      route.schema = Object.keys(validated).length ? validated : undefined;
      return;
    }
    shapes.set(`${method} ${route.url}`, shape);
    const response = Object.fromEntries(
      Object.entries(shape.response).flatMap(([status, answer]) => (answer.schema ? [[status, answer.schema]] : [])),
    );
    route.schema = { ...validated, response };
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
    const built = buildOpenApiDocument(ctx.schemas, app.registeredRoutes, app.routeShapes, {
      title: `${serviceName} portal API`,
      version,
      description:
        'The portal’s HTTP API: the web client’s internal calls (session cookie and X-CSRFToken), the external API for the clusters (API key) and the operator endpoints. Schemas come from the portal’s schemas/ folder. Errors answer {"status": {"code", "message", "key"}} with the message in the caller’s language (Croatian by default, English by Accept-Language or the language cookie).',
      sessionCookie: cookieNames(ctx).session,
    });
    for (const key of Object.keys(document)) delete document[key];
    Object.assign(document, built);
  });
  const shape: RouteShape = { summary: 'This OpenAPI document.', response: { 200: json('The document.', ref('api/operations-answers#/definitions/openapi')) } };
  app.get('/api/openapi.json', { config: { access: 'public' }, schema: shape }, async () => document);
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
