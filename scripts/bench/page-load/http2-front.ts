import http from 'node:http';
import http2 from 'node:http2';
import type { AddressInfo } from 'node:net';
import { selfSignedKeyPair } from '../../../src/server/saml/keys';

/*
 * A stand-in for the front docs/deploy.md puts before the portal (nginx `listen 443 ssl http2`): TLS
 * and HTTP/2 towards the browser, plain HTTP/1.1 to the portal. Over HTTP/2 a page's files share one
 * connection instead of queueing for HTTP/1.1's six; the bench measures a page both ways. It is not
 * nginx: node:http2 orders concurrent streams its own way and runs on the bench's cores, so its
 * figures show the transport's effect, not production's. Its certificate is self-signed: the
 * bench's browser context ignores certificate errors.
 */

/** HTTP/1.1 headers that mean nothing (or are refused) in HTTP/2. */
const CONNECTION_HEADERS = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade']);

export interface Front {
  base: string;
  close(): Promise<void>;
}

/** Starts a front on a free port that passes every request on to the portal at `target`. */
export async function startHttp2Front(target: string): Promise<Front> {
  const upstream = new URL(target);
  const { key, cert } = await selfSignedKeyPair('127.0.0.1');
  const agent = new http.Agent({ keepAlive: true, maxSockets: 32 });
  const server = http2.createSecureServer({ key, cert }, (req, res) => {
    const headers: http.OutgoingHttpHeaders = { host: upstream.host };
    for (const [name, value] of Object.entries(req.headers)) if (!name.startsWith(':') && !CONNECTION_HEADERS.has(name)) headers[name] = value;
    const forward = http.request({ host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers, agent }, (answer) => {
      const back: http.OutgoingHttpHeaders = {};
      for (const [name, value] of Object.entries(answer.headers)) if (!CONNECTION_HEADERS.has(name) && value !== undefined) back[name] = value;
      res.writeHead(answer.statusCode ?? 502, back);
      answer.pipe(res);
    });
    forward.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(forward);
  });
  // The browser keeps its connections open: closing ends them, or the server would wait for it.
  const sessions = new Set<http2.ServerHttp2Session>();
  server.on('session', (session) => {
    sessions.add(session);
    session.on('close', () => sessions.delete(session));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    base: `https://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const session of sessions) session.destroy();
        agent.destroy();
      }),
  };
}
