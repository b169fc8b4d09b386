/**
 * A route's shape, written on the route itself as its `schema:` option (docs/decisions/0330-route-shapes-on-routes.md):
 * a summary, path parameters, query string, body and the answers per status, as `$ref`s into
 * `schemas/api/` and `schemas/entities/` or small inline schemas. plugins/openapi.ts collects the
 * shapes as the routes register and builds the OpenAPI document at /api/openapi.json from them.
 *
 * Validation stays where it was: `body`, `querystring` and `params` are what Fastify validates
 * (compiled by the schema set's ajv, answering the hr/en catalogue's messages). Parts a handler
 * checks itself go under `checkedByHandler`: the document shows them, Fastify never sees them.
 */
import { schemaIdOf } from '@/schema-runtime';

/** A JSON Schema: a `$ref` to a schema of the set (full `$id`, maybe with a fragment) or an inline schema. */
export type RouteSchema = Record<string, unknown>;

/** One answer: a JSON body with its schema, or another media type (redirects have no body). */
export type RouteAnswer = { description: string; schema?: RouteSchema; contentType?: string };

/** The request parts a route takes. */
export interface RouteParts {
  params?: RouteSchema;
  querystring?: RouteSchema;
  body?: RouteSchema;
}

export interface RouteShape extends RouteParts {
  summary: string;
  /** Parts the handler checks itself, documented only (path ids, request forms chosen by `project_type`). */
  checkedByHandler?: RouteParts;
  /** How the body is sent when it is not JSON. */
  bodyContentType?: string;
  /** Success (and expected non-error) answers by status; error answers are the envelope of api/error.json. */
  response: Record<number, RouteAnswer>;
}

declare module 'fastify' {
  interface FastifySchema {
    checkedByHandler?: RouteParts;
    bodyContentType?: string;
  }
}

/** `{ $ref }` to a schema of the set by short name (`api/login`, `entities/project#/properties/id`). */
export const ref = (name: string): RouteSchema => {
  const [doc, fragment] = name.split('#');
  return { $ref: `${schemaIdOf(doc)}${fragment === undefined ? '' : `#${fragment}`}` };
};
export const arrayOf = (name: string): RouteSchema => ({ type: 'array', items: ref(name) });
export const json = (description: string, schema: RouteSchema): RouteAnswer => ({ description, schema });
export const redirect = (description: string): RouteAnswer => ({ description });
/** Path parameters, all text, all required. */
export const path = (params: Record<string, string>): RouteSchema => ({
  type: 'object',
  properties: Object.fromEntries(Object.entries(params).map(([name, description]) => [name, { type: 'string', description }])),
  required: Object.keys(params),
});
/** A query string of optional text values. */
export const query = (params: Record<string, string>): RouteSchema => ({
  type: 'object',
  properties: Object.fromEntries(Object.entries(params).map(([name, description]) => [name, { type: 'string', description }])),
});
/** Path parameters that are database ids (api/database-id.json), checked by the handler. */
export const databaseIds = (...names: string[]): RouteSchema => ({
  type: 'object',
  properties: Object.fromEntries(names.map((name) => [name, ref('api/database-id')])),
  required: names,
});

/** The answer of most changes: `{status: {code, message}}`. */
export const MESSAGE = ref('api/message-answer');

/**
 * The shape a route's `schema:` option holds, when it is one (it has a summary), else undefined.
 */
export function routeShapeOf(schema: unknown): RouteShape | undefined {
  return schema && typeof (schema as RouteShape).summary === 'string' ? (schema as RouteShape) : undefined;
}

/** Every request part the document shows: the validated ones and those the handler checks. */
export function documentedParts(shape: RouteShape): RouteParts {
  return { params: shape.params, querystring: shape.querystring, body: shape.body, ...shape.checkedByHandler };
}
