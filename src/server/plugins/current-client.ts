import type { FastifyInstance, preValidationAsyncHookHandler } from 'fastify';
import { mapCurrentClientBody, type SchemaCatalog } from '@/schema-runtime';

/**
 * The centre's current web client sends whole form states (docs/decisions/0081-current-web-client.md).
 * Which bodies it may send that way is stated once, in the schemas: a route whose body schema is a
 * `$ref` to a schema carrying `aliases` at its root gets its body mapped by `mapCurrentClientBody`
 * (names renamed, unknown top-level fields and empty untouched fields dropped) before the usual
 * validation, by an `onRoute` hook, so that no route repeats it. The mapped body then passes the
 * same schema as any other; what was dropped is logged at debug level.
 */
export function mapCurrentClientBodies(app: FastifyInstance, schemasNow: () => SchemaCatalog): void {
  app.addHook('onRoute', (route) => {
    const schemas = schemasNow();
    const ref = (route.schema?.body as { $ref?: unknown } | undefined)?.$ref;
    if (typeof ref !== 'string' || ref.includes('#') || !schemas.ids.includes(ref) || !('aliases' in schemas.schema(ref))) return;
    const mapBody: preValidationAsyncHookHandler = async (request) => {
      const { body, warnings } = mapCurrentClientBody(schemasNow(), ref, request.body);
      if (warnings.length) request.log.debug({ warnings }, 'current web client body mapped');
      request.body = body;
    };
    route.preValidation = [mapBody, ...[route.preValidation ?? []].flat()];
  });
}
