import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startTestApp, type TestApp } from '../support/test-app';

type Json = Record<string, unknown>;

/**
 * The document as it was when every route's shape sat in one table keyed by `METHOD url`; moving
 * the shapes onto the routes (docs/decisions/0330-route-shapes-on-routes.md) changed no word of it.
 * The one edit made to the fixture by hand: the readiness texts' placeholder `{days}` became
 * `{{days}}` with every other placeholder (docs/decisions/0340-one-error-table-one-text-syntax.md).
 * Routes added since are added to it with their shapes: the personal data export and the retention
 * counts (docs/decisions/0630-what-a-public-body-publishes.md).
 * The package version is left out: a release changes it and nothing else.
 */
const before = JSON.parse(readFileSync(join(__dirname, 'fixtures/openapi-before-route-schemas.json'), 'utf8')) as Json;
const withoutVersion = (document: Json) => ({ ...document, info: { ...(document.info as Json), version: undefined } });

describe('OpenAPI document', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ seed: false });
  });
  afterAll(() => t.close());

  it('is the document of before the route shapes moved onto the routes, apart from order', async () => {
    const res = await t.app.inject({ url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    // toEqual does not weigh the order of an object's keys; arrays keep theirs.
    expect(withoutVersion(res.json())).toEqual(withoutVersion(before));
  });
});
