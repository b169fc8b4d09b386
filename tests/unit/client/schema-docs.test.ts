import { loadSchemaFiles } from '../../../src/schema-runtime/node';
import {
  loadSchemaDocs,
  noteSchemaSet,
  refreshSchemaDocs,
  schemaDocs,
  schemaSetHash,
  schemaSetVersion,
  subscribeSchemaSet,
} from '../../../src/client/shared/schema-docs';

const docs = loadSchemaFiles();

/** A server holding one set at a time: answers 304 to its own ETag, the set otherwise. */
function fakeServer() {
  const server = { hash: 'aaa', docs: docs as Record<string, unknown>[], asked: [] as (string | undefined)[] };
  global.fetch = jest.fn(async (_url: unknown, init?: { headers?: Record<string, string> }) => {
    const ifNoneMatch = init?.headers?.['if-none-match'];
    server.asked.push(ifNoneMatch);
    if (ifNoneMatch === `"${server.hash}"`) return new Response(null, { status: 304 });
    return new Response(JSON.stringify({ docs: server.docs }), { status: 200, headers: { etag: `"${server.hash}"` } });
  }) as unknown as typeof fetch;
  return server;
}

describe('the schema set of an open page', () => {
  it('is asked for again when an answer names another set, once per named set, and replaced', async () => {
    const server = fakeServer();
    await loadSchemaDocs();
    expect(schemaSetHash()).toBe('aaa');
    const listener = jest.fn();
    subscribeSchemaSet(listener);
    const before = schemaSetVersion();

    noteSchemaSet('aaa');
    expect(server.asked).toHaveLength(1);

    server.hash = 'bbb';
    server.docs = docs.map((d) => ({ ...d }));
    noteSchemaSet('bbb');
    noteSchemaSet('bbb');
    // A refresh asked for while one runs shares it.
    await refreshSchemaDocs();
    expect(server.asked.slice(1)).toEqual(['"aaa"']);
    expect(schemaSetHash()).toBe('bbb');
    expect(schemaDocs()).toEqual(server.docs);
    expect(schemaSetVersion()).toBe(before + 1);
    expect(listener).toHaveBeenCalledTimes(1);

    // The next ask sends the new set's hash: unchanged, nothing is replaced.
    expect(await refreshSchemaDocs()).toBe(false);
    expect(server.asked.slice(2)).toEqual(['"bbb"']);
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('keeps the set on a 304 and on a set that makes no catalog', async () => {
    const server = fakeServer();
    await loadSchemaDocs();
    const version = schemaSetVersion();
    expect(await refreshSchemaDocs()).toBe(false);
    server.hash = 'broken';
    server.docs = docs.filter((d) => d.$id !== 'https://portal.schemas/rules/service.json');
    expect(await refreshSchemaDocs()).toBe(false);
    expect(schemaSetHash()).toBe('aaa');
    expect(schemaSetVersion()).toBe(version);
  });
});
