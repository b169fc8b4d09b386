import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import type { AppContext } from './context';
import { ApiError } from './errors';
import { registerAuth } from './plugins/auth';
import { registerErrorHandling } from './plugins/errors';
import { registerSpa } from './plugins/spa';
import { sessionRoutes } from './routes/session';
import { federationRoutes } from './routes/federation';
import { registryRoutes } from './routes/registry';
import { keyRoutes } from './routes/keys';
import { requestRoutes } from './routes/requests';
import { projectRoutes } from './routes/projects';
import { extensionRoutes } from './routes/extensions';
import { inviteRoutes } from './routes/invites';
import { membershipRoutes } from './routes/memberships';
import { softwareRoutes } from './routes/software';
import { userRoutes } from './routes/users';

/**
 * Builds the Fastify app on an open context. It never listens: `server.ts` does, and tests drive
 * it with `app.inject()`. Route schemas are `$ref`s into `schemas/` and are compiled by the schema
 * set's ajv, so the server validates with exactly the rules the forms and the QA tool use.
 */
export async function buildApp(ctx: AppContext, options: FastifyServerOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({ bodyLimit: 1024 * 1024, trustProxy: true, ...options });
  app.setValidatorCompiler(({ schema }) => {
    const ref = (schema as { $ref?: unknown }).$ref;
    if (typeof ref === 'string' && Object.keys(schema).length === 1) return ctx.schemas.validator(ref);
    return ctx.schemas.ajv.compile(schema);
  });
  registerErrorHandling(app);
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
  await registerAuth(app, ctx);
  await app.register(async (api) => sessionRoutes(api, ctx));
  await app.register(async (api) => federationRoutes(api, ctx));
  await app.register(async (api) => registryRoutes(api, ctx));
  await app.register(async (api) => keyRoutes(api, ctx));
  await app.register(async (api) => requestRoutes(api, ctx));
  await app.register(async (api) => projectRoutes(api, ctx));
  await app.register(async (api) => extensionRoutes(api, ctx));
  await app.register(async (api) => softwareRoutes(api, ctx));
  await app.register(async (api) => userRoutes(api, ctx));
  await app.register(async (api) => inviteRoutes(api, ctx));
  await app.register(async (api) => membershipRoutes(api, ctx));
  await registerSpa(app, ctx);
  return app;
}
