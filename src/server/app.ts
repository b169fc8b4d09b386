import { randomUUID } from 'node:crypto';
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyCompress from '@fastify/compress';
import { constants as zlibConstants } from 'node:zlib';
import type { AppContext } from './context';
import { ApiError } from './errors';
import { registerAuth } from './plugins/auth';
import { registerListUpkeep } from './plugins/list-replies';
import { frameworkErrorsFor, registerErrorHandling } from './plugins/errors';
import { registerRequestGuards } from './plugins/request-guards';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerRequestLog } from './plugins/request-log';
import { registerSpa } from './plugins/spa';
import { declareRouteSchemas, registerOpenApi } from './plugins/openapi';
import { mapCurrentClientBodies } from './plugins/current-client';
import { sessionRoutes } from './routes/session';
import { federationRoutes } from './routes/federation';
import { registryRoutes } from './routes/registry';
import { keyRoutes } from './routes/keys';
import { requestRoutes } from './routes/requests';
import { projectRoutes } from './routes/projects';
import { extensionRoutes } from './routes/extensions';
import { inviteRoutes } from './routes/invites';
import { readinessRoutes } from './routes/readiness';
import { membershipRoutes } from './routes/memberships';
import { mailPreferenceRoutes } from './routes/mail-preferences';
import { mySessionRoutes } from './routes/my-sessions';
import { softwareRoutes } from './routes/software';
import { userRoutes } from './routes/users';
import { personalDataRoutes } from './routes/personal-data';
import { gridPageRoutes } from './routes/grid-pages';
import { operationsRoutes } from './routes/operations';
import { accountingRoutes } from './routes/accounting';
import { grantRoutes } from './routes/grants';
import { schemaRoutes } from './routes/schemas';
import { ruleDraftRoutes } from './routes/rule-drafts';
import { ruleEditorRoutes } from './routes/rule-editors';
import { outboxRoutes } from './routes/outbox';
import { liveValidator } from './plugins/live-validator';
import { schemaSetHash } from './schema-live/set-hash';
import { externalRoutes } from './routes/external';

/** A request id a proxy sent along is kept when it looks like one; otherwise a new one is made. */
const REQUEST_ID = /^[A-Za-z0-9._:-]{8,64}$/;

/** A route as registered: method, URL pattern and access group. */
export interface RegisteredRoute {
  method: string;
  url: string;
  access: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    registeredRoutes: RegisteredRoute[];
  }
}

/**
 * Builds the Fastify app on an open context. It never listens: `server.ts` does, and tests drive
 * it with `app.inject()`. Route schemas are `$ref`s into `schemas/` and are compiled by the schema
 * set's ajv, so the server validates with exactly the rules the forms and the QA tool use.
 */
export async function buildApp(ctx: AppContext, options: FastifyServerOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    bodyLimit: 1024 * 1024,
    // While a process shuts down (SIGTERM), a request already on one of its kept-alive connections
    // is answered, not refused with 503: a restart behind a proxy loses no request. New connections
    // are no longer accepted, and idle ones are closed, so the proxy moves on to the other processes.
    return503OnClosing: false,
    // Forwarded headers only from the configured proxies: anyone else could choose their address.
    trustProxy: ctx.config.trustProxy.length > 0 ? ctx.config.trustProxy : false,
    frameworkErrors: frameworkErrorsFor(ctx.schemas.service.serviceKey),
    // Every log line of a request carries its id; the answer returns it, so a user's report can be traced.
    requestIdHeader: false,
    // registerRequestLog writes one line per request instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    genReqId: (request) => {
      const sent = request.headers['x-request-id'];
      return typeof sent === 'string' && REQUEST_ID.test(sent) ? sent : randomUUID();
    },
    ...options,
  });
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  registerRequestLog(app);
  // A route's `$ref` is looked up in the set in use at each request: a reloaded set applies at once.
  app.setValidatorCompiler(({ schema }) => {
    const ref = (schema as { $ref?: unknown }).$ref;
    if (typeof ref === 'string' && Object.keys(schema).length === 1) return liveValidator(ctx, ref);
    return ctx.schemas.ajv.compile(schema);
  });
  // Every answer names the schema set it was made with, so an open page learns of a new one.
  app.addHook('onSend', (_request, reply, payload, done) => {
    reply.header('x-schema-set', schemaSetHash(ctx.schemas));
    done(null, payload);
  });
  // Every route the app registers, for the authorization matrix test (HEAD twins of GETs left out).
  const routes: RegisteredRoute[] = [];
  app.decorate('registeredRoutes', routes);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) if (method !== 'HEAD') routes.push({ method, url: route.url, access: route.config?.access ?? 'user' });
  });
  // Collects each route's shape (its `schema:` option) for the OpenAPI document; before the routes register.
  declareRouteSchemas(app);
  // Bodies whose schema carries `aliases` take the current web client's whole form state.
  mapCurrentClientBodies(app, () => ctx.schemas);
  registerErrorHandling(app, ctx.schemas.service.serviceKey);
  // Clients send the JSON content type on every mutating call, also when there is no body.
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    if (body === '') return done(null, undefined);
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(new ApiError('malformedJson'), undefined);
    }
  });
  await app.register(fastifyCookie, { secret: ctx.config.sessionSecret });
  // JSON answers compressed for clients that accept it (brotli at a fast level, else gzip). Answers
  // already encoded (the stored list answers, the built assets' .br/.gz copies) pass unchanged.
  await app.register(fastifyCompress, {
    global: true,
    encodings: ['br', 'gzip'],
    threshold: 1024,
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT, [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  registerSecurityHeaders(app, ctx);
  await registerRequestGuards(app);
  await registerAuth(app, ctx);
  registerListUpkeep(app, ctx);
  // At the root, so that its timing hook sees every route.
  await operationsRoutes(app, ctx);
  await app.register(async (api) => sessionRoutes(api, ctx));
  await app.register(async (api) => federationRoutes(api, ctx));
  await app.register(async (api) => registryRoutes(api, ctx));
  await app.register(async (api) => keyRoutes(api, ctx));
  await app.register(async (api) => requestRoutes(api, ctx));
  await app.register(async (api) => projectRoutes(api, ctx));
  await app.register(async (api) => extensionRoutes(api, ctx));
  await app.register(async (api) => softwareRoutes(api, ctx));
  await app.register(async (api) => userRoutes(api, ctx));
  await app.register(async (api) => personalDataRoutes(api, ctx));
  await app.register(async (api) => gridPageRoutes(api, ctx));
  await app.register(async (api) => inviteRoutes(api, ctx));
  await app.register(async (api) => membershipRoutes(api, ctx));
  await app.register(async (api) => readinessRoutes(api, ctx));
  await app.register(async (api) => mailPreferenceRoutes(api, ctx));
  await app.register(async (api) => mySessionRoutes(api, ctx));
  await app.register(async (api) => accountingRoutes(api, ctx));
  await app.register(async (api) => grantRoutes(api, ctx));
  await app.register(async (api) => externalRoutes(api, ctx));
  await app.register(async (api) => schemaRoutes(api, ctx));
  await app.register(async (api) => ruleDraftRoutes(api, ctx));
  await app.register(async (api) => ruleEditorRoutes(api, ctx));
  await app.register(async (api) => outboxRoutes(api, ctx));
  await registerOpenApi(app, ctx);
  await registerSpa(app, ctx);
  return app;
}
