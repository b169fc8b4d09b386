import SwaggerParser from '@apidevtools/swagger-parser';
import type { AnySchema } from 'ajv';
import { isUndocumented, openApiPath, resolveSchema, undeclaredRoutes, UNDOCUMENTED_ROUTES } from '../../src/server/openapi/openapi-document';
import { demoLandmarks, useDemoAppWithRegistry } from '../support/demo-app';
import type { SchemaSet } from '../../src/schema-runtime';
import type { Caller, TestApp } from '../../harness/test-app';
import { apiKey, endTimeMonthsAgo } from '../support/accounting';
import { generalRequest } from '../../harness/request-payloads';

type Json = Record<string, unknown>;

/** A schema with the base its `$ref`s resolve against. */
type Located = { node: unknown; base: string };

/**
 * Properties an answer holds that its schema names nowhere (through $ref, allOf, anyOf, oneOf,
 * then/else, additionalProperties): what a schema-compiled serializer would drop. A property is
 * named when any schema that applies at its level names it.
 */
function unnamedProperties(schemas: SchemaSet, located: Located[], data: unknown, where = ''): string[] {
  if (data === null || typeof data !== 'object') return [];
  const branches: { node: Json; base: string }[] = [];
  const collect = (node: unknown, base: string) => {
    if (!node || typeof node !== 'object') return;
    const n = node as Json;
    if (typeof n.$ref === 'string') {
      const target = resolveSchema(schemas, { $ref: new URL(n.$ref, base).toString() });
      collect(target.schema, target.base);
    }
    branches.push({ node: n, base });
    for (const key of ['allOf', 'anyOf', 'oneOf'] as const) for (const sub of (n[key] as unknown[] | undefined) ?? []) collect(sub, base);
    for (const key of ['then', 'else'] as const) collect(n[key], base);
  };
  for (const l of located) collect(l.node, l.base);
  if (Array.isArray(data)) {
    const items = branches.filter((b) => b.node.items && typeof b.node.items === 'object').map((b) => ({ node: b.node.items, base: b.base }));
    return data.flatMap((item, i) => unnamedProperties(schemas, items, item, `${where}/${i}`));
  }
  // An object schema naming no property at all leaves the object open (nothing to drop by name).
  if (branches.every((b) => !b.node.properties && !b.node.patternProperties)) return [];
  const problems: string[] = [];
  for (const [key, value] of Object.entries(data as Json)) {
    const named = branches
      .filter((b) => b.node.properties && Object.hasOwn(b.node.properties as Json, key))
      .map((b) => ({ node: (b.node.properties as Json)[key], base: b.base }));
    const extra = branches
      .filter((b) => b.node.additionalProperties !== undefined && b.node.additionalProperties !== false)
      .map((b) => ({ node: b.node.additionalProperties, base: b.base }));
    if (named.length) problems.push(...unnamedProperties(schemas, named, value, `${where}/${key}`));
    else if (extra.length) problems.push(...unnamedProperties(schemas, extra, value, `${where}/${key}`));
    else problems.push(`${where}/${key}`);
  }
  return problems;
}

describe('OpenAPI document and declared route schemas', () => {
  let t: TestApp;
  let document: Json;

  useDemoAppWithRegistry((started) => (t = started), { enableAccounting: true });

  beforeAll(async () => {
    const res = await t.app.inject({ url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    document = res.json();
  });

  it('is a valid OpenAPI 3.1 document with no reference outside itself', async () => {
    // Validates against the OpenAPI 3.1 schema and checks what a schema cannot (path parameters, unique operation ids, $refs).
    const api = (await SwaggerParser.validate(structuredClone(document) as never)) as Json;
    expect(api.openapi).toBe('3.1.0');
    const text = JSON.stringify(document);
    const refs = [...text.matchAll(/"\$ref":"([^"]*)"/g)].map((m) => m[1]);
    expect(refs.length).toBeGreaterThan(50);
    expect(refs.filter((r) => !r.startsWith('#/components/schemas/'))).toEqual([]);
    expect(text).not.toContain('portal.schemas');
    // Every reference names something in the document.
    const components = (document.components as Json).schemas as Json;
    for (const r of new Set(refs)) {
      let node: unknown = components;
      for (const part of r.replace('#/components/schemas/', '').split('/')) node = (node as Json | undefined)?.[part];
      expect({ ref: r, found: node !== undefined }).toEqual({ ref: r, found: true });
    }
  });

  it('lists every route the app registers, except the pages and files left out by name', () => {
    const registered = t.app.registeredRoutes.map((r) => `${r.method} ${r.url}`);
    expect(undeclaredRoutes(t.app.registeredRoutes, t.app.routeShapes)).toEqual([]);
    expect(undeclaredRoutes([...t.app.registeredRoutes, { method: 'GET', url: '/api/v1/internal/new/', access: 'user' }], t.app.routeShapes)).toEqual(['GET /api/v1/internal/new/']);
    expect([...t.app.routeShapes.keys()].filter((key) => !registered.includes(key))).toEqual([]);
    const documented = Object.entries(document.paths as Record<string, Json>).flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${p}`));
    const expected = registered.filter((key) => !isUndocumented(key)).map((key) => {
      const [method, url] = key.split(' ');
      return `${method} ${openApiPath(url)}`;
    });
    expect([...documented].sort()).toEqual([...new Set(expected)].sort());
    // What is left out is exactly the web client's pages and the reference page's own files.
    const left = registered.filter((key) => isUndocumented(key));
    expect([...left].sort()).toEqual(
      [
        'GET /',
        'GET /ui',
        'GET /ui/*',
        'GET /api/docs',
        'GET /api/docs/json',
        'GET /api/docs/yaml',
        'GET /api/docs/static/*',
        'GET /api/docs/static/index.html',
        'GET /api/docs/static/swagger-initializer.js',
      ].sort(),
    );
    // (The client's files under /static/ are left out too; this app has no client build.)
    expect(UNDOCUMENTED_ROUTES).toContain('GET /static/*');
  });

  it('answers /api/openapi.json to anyone, and the reference page loads it', async () => {
    const page = await t.app.inject({ url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    const json = await t.app.inject({ url: '/api/docs/json' });
    expect(json.json()).toEqual(document);
  });

  it('every main route answers what its declaration says, naming every property it sends', async () => {
    const db = t.ctx.db;
    const lead = await t.login('lead');
    const staff = await t.login('staff');
    const collab = await t.login('collab');
    const readKey = await apiKey(t, ['read']);
    const writeKey = await apiKey(t, ['accounting:write']);
    const { project, internal, denied: doomed } = await demoLandmarks(db);
    const practical = await db
      .selectFrom('projects')
      .innerJoin('project_types as pt', 'pt.id', 'projects.project_type_id')
      .innerJoin('states as s', 's.id', 'projects.state_id')
      .select(['projects.id', 'projects.identifier'])
      .where('pt.name', '=', 'practical')
      .where('s.name', '=', 'submit-extend')
      .executeTakeFirstOrThrow();
    const leadRow = await db.selectFrom('users').select(['id', 'person_oib', 'person_username']).where('username', '=', 'lead').executeTakeFirstOrThrow();
    const collabId = (await db.selectFrom('users').select('id').where('username', '=', 'collab').executeTakeFirstOrThrow()).id;
    const extendable = await db
      .selectFrom('projects')
      .innerJoin('states as s', 's.id', 'projects.state_id')
      .select(['projects.id', 'projects.date_end'])
      .where('projects.identifier', '=', project.identifier)
      .executeTakeFirstOrThrow();
    const pendingInvite = await db.selectFrom('invites').select('id').where('project_id', '=', project.id).where('accepted', '=', false).executeTakeFirstOrThrow();
    const key = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIDK9XcQG3dMjta6kd0DAjbQWImNhkMgKdkZVynNTnG4N openapi@test';
    const enc = encodeURIComponent;
    const mail = await db.insertInto('outbox').values({ kind: 'openapi', to_addr: 'x@example.org', from_addr: 'portal@example.org', subject: 'S', body: 'B' }).returning('id').executeTakeFirstOrThrow();

    type Call = { route: string; url: string; as?: Caller; key?: string; body?: unknown };
    const calls: Call[] = [
      { route: 'GET /healthz', url: '/healthz' },
      { route: 'GET /readyz', url: '/readyz' },
      { route: 'GET /api/v1/internal/schemas/', url: '/api/v1/internal/schemas/' },
      { route: 'GET /api/openapi.json', url: '/api/openapi.json' },
      { route: 'GET /api/v1/sessionactive', url: '/api/v1/sessionactive' },
      { route: 'GET /api/v1/sessionactive/', url: '/api/v1/sessionactive/', as: lead },
      { route: 'GET /api/v1/internal/croris-info/', url: '/api/v1/internal/croris-info/', as: lead },
      { route: 'GET /api/v1/internal/croris-info', url: '/api/v1/internal/croris-info', as: collab },
      { route: 'GET /api/v1/internal/croris-info/:oib', url: `/api/v1/internal/croris-info/${leadRow.person_oib}`, as: staff },
      { route: 'GET /api/v1/internal/can-submit-institute-project', url: '/api/v1/internal/can-submit-institute-project', as: lead },
      { route: 'GET /api/v1/internal/can-submit-institute-project/', url: '/api/v1/internal/can-submit-institute-project/', as: collab },
      { route: 'POST /api/v1/internal/keys/', url: '/api/v1/internal/keys/', as: collab, body: { name: 'openapi', public_key: key } },
      { route: 'GET /api/v1/internal/keys/', url: '/api/v1/internal/keys/', as: collab },
      { route: 'GET /api/v1/internal/keys/:personUsername', url: `/api/v1/internal/keys/${leadRow.person_username}`, as: staff },
      { route: 'GET /api/v1/sshkeys', url: '/api/v1/sshkeys', key: readKey },
      { route: 'DELETE /api/v1/internal/keys/', url: '/api/v1/internal/keys/', as: collab, body: { name: 'openapi' } },
      { route: 'POST /api/v1/internal/projects-general/', url: '/api/v1/internal/projects-general/', as: collab, body: generalRequest({ science_software: [] }) },
      { route: 'GET /api/v1/internal/projects/', url: '/api/v1/internal/projects/', as: lead },
      { route: 'GET /api/v1/internal/projects/all', url: '/api/v1/internal/projects/all', as: staff },
      { route: 'GET /api/v1/internal/projects/role/:role', url: '/api/v1/internal/projects/role/lead', as: lead },
      { route: 'GET /api/v1/internal/projects/:identifier', url: `/api/v1/internal/projects/${enc(project.identifier)}`, as: staff },
      { route: 'GET /api/v1/internal/projects/:identifier/timeline', url: `/api/v1/internal/projects/${enc(project.identifier)}/timeline`, as: lead },
      { route: 'POST /api/v1/internal/projects/:identifier', url: `/api/v1/internal/projects/${enc(project.identifier)}`, as: staff, body: { staff_comment: 'OpenAPI' } },
      { route: 'DELETE /api/v1/internal/projects/:identifier', url: `/api/v1/internal/projects/${enc(doomed.identifier)}`, as: staff },
      { route: 'GET /api/v1/internal/project-extend', url: '/api/v1/internal/project-extend', as: staff },
      { route: 'GET /api/v1/internal/project-extend/:id', url: `/api/v1/internal/project-extend/${extendable.id}`, as: lead },
      { route: 'GET /api/v1/internal/science-software/', url: '/api/v1/internal/science-software/', as: collab },
      { route: 'POST /api/v1/internal/science-software/', url: '/api/v1/internal/science-software/', as: staff, body: { newAppModuleName: 'openapi/1.0', newAppAddedBy: { label: 'Marko Babić', value: 'staff' } } },
      { route: 'GET /api/v1/internal/active-users/', url: '/api/v1/internal/active-users/', as: staff },
      { route: 'GET /api/v1/internal/inactive-users/', url: '/api/v1/internal/inactive-users/', as: staff },
      { route: 'GET /api/v1/internal/grid-page/:grid', url: '/api/v1/internal/grid-page/requests?limit=5&state=all&type=all&search=a&tz=Europe/Zagreb', as: staff },
      { route: 'GET /api/v1/internal/ops-users/', url: '/api/v1/internal/ops-users/', as: staff },
      { route: 'GET /api/v1/internal/users/:username', url: '/api/v1/internal/users/lead', as: staff },
      { route: 'POST /api/v1/internal/invites/', url: '/api/v1/internal/invites/', as: lead, body: { project: practical.identifier, projectid: practical.id, type: 'add', collaboratorEmails: [{ label: 'x', value: 'x@example.org' }] } },
      { route: 'GET /api/v1/internal/invites-sent/', url: '/api/v1/internal/invites-sent/', as: lead },
      { route: 'GET /api/v1/internal/outbox/', url: '/api/v1/internal/outbox/', as: staff },
      { route: 'GET /api/v1/internal/outbox/:id', url: `/api/v1/internal/outbox/${mail.id}`, as: staff },
      { route: 'GET /api/v1/internal/projects/:identifier/readiness', url: `/api/v1/internal/projects/${enc(project.identifier)}/readiness`, as: lead },
      { route: 'GET /api/v1/internal/projects-readiness/', url: '/api/v1/internal/projects-readiness/', as: lead },
      { route: 'GET /api/v1/internal/users-readiness/', url: '/api/v1/internal/users-readiness/?filter=no-key-active', as: staff },
      { route: 'POST /api/v1/internal/invites-sent/:id/resend', url: `/api/v1/internal/invites-sent/${pendingInvite.id}/resend`, as: lead },
      { route: 'POST /api/v1/internal/users-intprojects/:projectId', url: `/api/v1/internal/users-intprojects/${internal.id}`, as: staff, body: [{ label: 'Luka Marić', value: 'newbie' }] },
      { route: 'POST /api/v1/internal/users-projects/:projectId', url: `/api/v1/internal/users-projects/${project.id}`, as: lead, body: [collabId] },
      { route: 'GET /api/v1/internal/mail-preferences/', url: '/api/v1/internal/mail-preferences/', as: lead },
      { route: 'PUT /api/v1/internal/mail-preferences/', url: '/api/v1/internal/mail-preferences/', as: collab, body: { language: 'en', routine: 'weekly' } },
      { route: 'PUT /api/v1/internal/projects/:identifier/mail-mute', url: `/api/v1/internal/projects/${enc(project.identifier)}/mail-mute`, as: lead, body: { muted: true } },
      { route: 'POST /api/v1/accounting/records', url: '/api/v1/accounting/records?resource=supek', key: writeKey, body: { usage: [{ jobid: 'oa-1', user: leadRow.person_username, project: project.identifier, end_time: endTimeMonthsAgo(1), walltime: 3600, ncpus: 4 }, { jobid: 'oa-2', user: 'nobody', end_time: endTimeMonthsAgo(1), walltime: 60, ncpus: 1 }] } },
      { route: 'GET /api/v1/accounting/records', url: '/api/v1/accounting/records?resource=supek', key: writeKey },
      { route: 'GET /api/v1/internal/accounting/records', url: '/api/v1/internal/accounting/records', as: lead },
      { route: 'GET /api/v1/internal/accounting/project-records', url: '/api/v1/internal/accounting/project-records', as: lead },
      { route: 'GET /api/v1/internal/accounting/project-user-records', url: `/api/v1/internal/accounting/project-user-records?project=${enc(project.identifier)}`, as: staff },
      { route: 'GET /api/v1/internal/accounting/science-usage', url: '/api/v1/internal/accounting/science-usage?by=field&period=year&range=all', as: staff },
      { route: 'GET /api/v1/usersprojects', url: '/api/v1/usersprojects', key: readKey },
      { route: 'GET /api/v1/accounting/projectsusers', url: '/api/v1/accounting/projectsusers', key: readKey },
      { route: 'POST /auth/logout/', url: '/auth/logout/', as: collab },
    ];

    const problems: string[] = [];
    let checked = 0;
    for (const call of calls) {
      const [method] = call.route.split(' ');
      const declaration = t.app.routeShapes.get(call.route)!;
      const headers: Record<string, string> = {};
      if (call.as) Object.assign(headers, { cookie: call.as.cookie, 'x-csrftoken': call.as.csrf });
      if (call.key) headers.authorization = `Api-Key ${call.key}`;
      const res = await t.app.inject({ method: method as 'GET', url: call.url, headers, ...(call.body === undefined ? {} : { payload: call.body as object }) });
      const answer = declaration.response[res.statusCode];
      if (!answer?.schema) {
        problems.push(`${call.route}: status ${res.statusCode} is not declared (${res.body.slice(0, 200)})`);
        continue;
      }
      const body = res.json() as unknown;
      const validate = t.ctx.schemas.ajv.compile(answer.schema as AnySchema);
      if (!validate(body)) problems.push(`${call.route}: ${t.ctx.schemas.ajv.errorsText(validate.errors)}`);
      for (const p of unnamedProperties(t.ctx.schemas, [{ node: answer.schema, base: 'https://portal.schemas/' }], body)) problems.push(`${call.route}: ${p} is not in the schema`);
      checked += 1;
    }
    expect(problems).toEqual([]);
    // The calls above reach most of the JSON routes the document lists.
    expect(checked).toBe(calls.length);
    expect(new Set(calls.map((c) => c.route)).size).toBe(calls.length);
  }, 120_000);
});
