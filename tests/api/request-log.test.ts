import { Writable } from 'node:stream';
import { buildApp } from '../../src/server/app';
import { startTestApp, type TestApp } from '../../harness/test-app';

/** The JSON lines a logger wrote. */
function logSink(): { stream: Writable; lines: Record<string, unknown>[] } {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { stream, lines };
}

describe('request logging', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ seed: false });
  });
  afterAll(() => t.close());

  it('writes one info line per API request, with method, URL, status and time', async () => {
    const sink = logSink();
    const app = await buildApp(t.ctx, { logger: { level: 'info', stream: sink.stream } });
    await app.inject({ method: 'GET', url: '/api/v1/sessionactive' });
    await app.inject({ method: 'GET', url: '/api/v1/no-such-thing' });
    await app.close();
    const requests = sink.lines.filter((l) => l.reqId);
    expect(requests).toHaveLength(2);
    expect(requests[0]).toMatchObject({ level: 30, msg: 'request', method: 'GET', url: '/api/v1/sessionactive', status: 200 });
    expect(typeof requests[0].ms).toBe('number');
    expect(requests[1]).toMatchObject({ url: '/api/v1/no-such-thing', status: 404 });
  });

  it('logs static assets at debug only', async () => {
    const sink = logSink();
    const app = await buildApp(t.ctx, { logger: { level: 'info', stream: sink.stream } });
    await app.inject({ method: 'GET', url: '/static/main.js' });
    await app.close();
    expect(sink.lines.filter((l) => l.reqId && l.level === 30)).toHaveLength(0);
  });
});
