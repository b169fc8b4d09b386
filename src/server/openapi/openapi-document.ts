/**
 * Builds the OpenAPI 3.1 document from the shapes the routes declare (route-shape.ts) and the schema
 * set. Self-contained: every schema document a shape reaches is copied into
 * `components/schemas` under its short name (`entities.project`, `api.login` …) with every `$ref`
 * rewritten to point there, so no reader needs the `https://portal.schemas/` ids to resolve.
 */
import type { SchemaSet } from '@/schema-runtime';
import { SCHEMA_BASE, shortNameOf } from '@/schema-runtime';
import { documentedParts, type RouteSchema, type RouteShape } from './route-shape';

type Json = Record<string, unknown>;

/**
 * Registered routes left out of the document on purpose: the web client's pages and files, and
 * the reference page's own files. Matched by exact `METHOD url` or, ending in `*`, by prefix.
 */
export const UNDOCUMENTED_ROUTES = [
  'GET /',
  'GET /ui',
  'GET /ui/*',
  'GET /static/*',
  'GET /api/docs',
  'GET /api/docs/*',
] as const;

export function isUndocumented(key: string): boolean {
  return UNDOCUMENTED_ROUTES.some((pattern) => (pattern.endsWith('*') ? key.startsWith(pattern.slice(0, -1)) : key === pattern));
}

/** The shapes of the registered routes by `METHOD url`, as plugins/openapi.ts collects them. */
export type RouteShapes = ReadonlyMap<string, RouteShape>;

/** A registered route: method, URL pattern and access group (config.access). */
export interface DocumentedRoute {
  method: string;
  url: string;
  access: string;
}

export interface DocumentOptions {
  title: string;
  version: string;
  description: string;
  sessionCookie: string;
}

/** An external route's refused key: the current portal's body, `{"detail": "..."}`, and nothing else. */
const REFUSED_KEY = { type: 'object', properties: { detail: { type: 'string' } }, required: ['detail'], additionalProperties: false };

const componentName = (docId: string) => shortNameOf(docId).replace(/\//g, '.');

/** Rewrites every `$ref` below `node` (resolved against `base`) to `#/components/schemas/…`, collecting the documents reached. */
function rewriteRefs(node: unknown, base: string, reached: Set<string>, known: Set<string>): unknown {
  if (Array.isArray(node)) return node.map((n) => rewriteRefs(n, base, reached, known));
  if (!node || typeof node !== 'object') return node;
  const out: Json = {};
  for (const [key, value] of Object.entries(node as Json)) {
    if (key === '$ref' && typeof value === 'string') {
      const url = new URL(value, base);
      const fragment = url.hash.replace(/^#/, '');
      url.hash = '';
      const docId = url.toString();
      if (!known.has(docId)) throw new Error(`OpenAPI: $ref ${value} (from ${base}) names no schema of the set`);
      reached.add(docId);
      out.$ref = `#/components/schemas/${componentName(docId)}${fragment}`;
    } else if (key === '$id' || key === '$schema') {
      continue;
    } else {
      out[key] = rewriteRefs(value, base, reached, known);
    }
  }
  return out;
}

/** The schema a `$ref` (full `$id` with an optional JSON pointer fragment) names, or the schema itself. */
export function resolveSchema(schemas: SchemaSet, schema: RouteSchema): { schema: Json; base: string } {
  const target = schema.$ref;
  if (typeof target !== 'string') return { schema, base: SCHEMA_BASE };
  const url = new URL(target, SCHEMA_BASE);
  const pointer = url.hash.replace(/^#/, '');
  url.hash = '';
  let node = schemas.schema(url.toString()) as unknown;
  for (const part of pointer.split('/').filter(Boolean)) node = (node as Json)[decodeURIComponent(part).replace(/~1/g, '/').replace(/~0/g, '~')];
  if (!node || typeof node !== 'object') throw new Error(`OpenAPI: ${target} names nothing`);
  return { schema: node as Json, base: url.toString() };
}

/** `/projects/:identifier` → `/projects/{identifier}`. */
export const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

const pathParamNames = (url: string) => [...url.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]);

/** Tags that gather the resources of one area: the rules' documents, drafts and editors. */
const AREA_TAGS: Record<string, string> = { schemas: 'rules', 'rule-drafts': 'rules', 'rule-editors': 'rules' };
/** Resources listed under another's tag when named after it (`users-readiness` under `users`). */
const PARENT_TAGS = ['users', 'projects', 'invites'];

/**
 * The tag an operation is listed under: the first meaningful part of its path, gathered by area.
 * With a tag per resource (36 once the rules' editors came), the reference page (swagger-ui 5)
 * drew the first tag and stopped, with no error; `tests/e2e/api-docs.spec.ts` holds that it draws them all.
 */
function tagOf(url: string): string {
  const tag = resourceTag(url);
  return AREA_TAGS[tag] ?? PARENT_TAGS.find((parent) => tag.startsWith(`${parent}-`)) ?? tag;
}

function resourceTag(url: string): string {
  const parts = url.split('/').filter((p) => p && !p.startsWith(':'));
  if (parts[0] === 'saml2') return 'federation';
  if (parts[0] === 'auth') return 'session';
  if (parts[0] !== 'api') return 'operations';
  const rest = parts.slice(parts[1] === 'v1' ? 2 : 1);
  if (rest[0] === 'internal') rest.shift();
  if (rest[0] === 'accounting' && rest[1] !== 'projectsusers') return 'accounting';
  if (['usersprojects', 'sshkeys', 'accounting'].includes(rest[0])) return 'external';
  return (rest[0] ?? 'operations').replace(/-$/, '');
}

const operationId = (method: string, url: string) =>
  `${method.toLowerCase()}_${url.replace(/[:{}]/g, '').replace(/[^A-Za-z0-9]+/g, '_').replace(/^_|_$/g, '') || 'root'}`;

/** Every routed `METHOD url` without a shape and not left out on purpose. */
export function undeclaredRoutes(routes: readonly DocumentedRoute[], shapes: RouteShapes): string[] {
  return routes.map((r) => `${r.method} ${r.url}`).filter((key) => !shapes.has(key) && !isUndocumented(key));
}

export function buildOpenApiDocument(schemas: SchemaSet, routes: readonly DocumentedRoute[], shapes: RouteShapes, options: DocumentOptions): Json {
  const known = new Set(schemas.ids);
  const reached = new Set<string>();
  const rewrite = (schema: unknown, base = SCHEMA_BASE) => rewriteRefs(schema, base, reached, known) as Json;
  const errorSchema = rewrite({ $ref: `${SCHEMA_BASE}api/error.json` });

  const parameters = (shape: RouteShape, url: string): Json[] => {
    const out: Json[] = [];
    const add = (where: 'path' | 'query', schema: RouteSchema | undefined) => {
      if (!schema) return;
      const { schema: resolved, base } = resolveSchema(schemas, schema);
      const required = new Set((resolved.required as string[] | undefined) ?? []);
      for (const [name, property] of Object.entries((resolved.properties as Json | undefined) ?? {})) {
        const prop = rewrite(property, base);
        const description = typeof prop.description === 'string' ? prop.description : undefined;
        out.push({ name, in: where, required: where === 'path' || required.has(name), ...(description ? { description } : {}), schema: prop });
      }
    };
    const { params, querystring } = documentedParts(shape);
    add('path', params);
    for (const name of pathParamNames(url))
      if (!out.some((p) => p.in === 'path' && p.name === name)) out.push({ name, in: 'path', required: true, schema: { type: 'string' } });
    add('query', querystring);
    return out;
  };

  const paths: Record<string, Json> = {};
  for (const route of routes) {
    const key = `${route.method} ${route.url}`;
    const shape = shapes.get(key);
    if (!shape || isUndocumented(key)) continue;
    const { body } = documentedParts(shape);
    const responses: Json = {};
    for (const [status, answer] of Object.entries(shape.response)) {
      responses[status] = {
        description: answer.description,
        ...(answer.schema
          ? { content: { 'application/json': { schema: rewrite(answer.schema) } } }
          : answer.contentType
            ? { content: { [answer.contentType]: { schema: { type: 'string' } } } }
            : {}),
      };
    }
    responses.default = { description: 'An error: status.code is the HTTP status, status.message the words in the caller’s language.', content: { 'application/json': { schema: errorSchema } } };
    if (route.access === 'api-key' && !responses['403'])
      responses['403'] = { description: 'A refused key (missing, unknown, revoked, expired, or without the scope), as the current portal answers it.', content: { 'application/json': { schema: REFUSED_KEY } } };
    const security =
      route.access === 'api-key' ? [{ apiKey: [] }] : route.access === 'public' ? [] : [{ sessionCookie: [] }];
    const operation: Json = {
      operationId: operationId(route.method, route.url),
      summary: shape.summary,
      tags: [tagOf(route.url)],
      ...(route.access === 'staff' ? { description: 'Staff and superusers only.' } : {}),
      security,
      parameters: parameters(shape, route.url),
      ...(body
        ? { requestBody: { required: true, content: { [shape.bodyContentType ?? 'application/json']: { schema: rewrite(body) } } } }
        : {}),
      responses,
    };
    const p = openApiPath(route.url);
    paths[p] = { ...(paths[p] ?? {}), [route.method.toLowerCase()]: operation };
  }

  // Copy every reached document (and what it reaches in turn) into components.
  const components: Record<string, Json> = {};
  const done = new Set<string>();
  for (let pending = [...reached]; pending.length; pending = [...reached].filter((id) => !done.has(id))) {
    for (const id of pending) {
      done.add(id);
      components[componentName(id)] = rewrite(schemas.schema(id), id);
    }
  }

  return {
    openapi: '3.1.0',
    info: { title: options.title, version: options.version, description: options.description },
    jsonSchemaDialect: 'http://json-schema.org/draft-07/schema#',
    tags: [...new Set(Object.values(paths).flatMap((ops) => Object.values(ops).map((o) => ((o as Json).tags as string[])[0])))].sort().map((name) => ({ name })),
    paths: Object.fromEntries(Object.entries(paths).sort(([a], [b]) => a.localeCompare(b))),
    components: {
      schemas: Object.fromEntries(Object.entries(components).sort(([a], [b]) => a.localeCompare(b))),
      securitySchemes: {
        sessionCookie: { type: 'apiKey', in: 'cookie', name: options.sessionCookie, description: 'The session cookie of POST /auth/login/ or SAML sign-in; mutating calls also send X-CSRFToken.' },
        apiKey: { type: 'apiKey', in: 'header', name: 'Authorization', description: 'Machine clients: `Authorization: Api-Key <prefix.secret>` (npm run api-key).' },
      },
    },
  };
}
