import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A small reverse proxy in front of several portal processes. */
export interface RoundRobinProxy {
  url: string;
  /** How many times a request was sent on to another backend because one refused or dropped the connection. */
  retries: number;
  close(): Promise<void>;
}

const RETRYABLE = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE']);

/**
 * Round-robin over the backends' ports on 127.0.0.1, one fresh connection per request (as a load
 * balancer without upstream keep-alive). A backend that refuses the connection, or drops it before
 * any answer came (a process stopping or starting), is skipped and the request goes to the next one,
 * as nginx's `proxy_next_upstream error` does; the client sees only the answer. `X-Forwarded-For`
 * carries the client's address.
 */
export async function startRoundRobinProxy(backendPorts: number[]): Promise<RoundRobinProxy> {
  let next = 0;
  const state = { retries: 0 };
  const forward = (port: number, req: http.IncomingMessage, body: Buffer): Promise<http.IncomingMessage> =>
    new Promise((resolve, reject) => {
      const upstream = http.request(
        {
          host: '127.0.0.1',
          port,
          method: req.method,
          path: req.url,
          agent: false,
          headers: { ...req.headers, host: req.headers.host ?? `127.0.0.1:${port}`, 'x-forwarded-for': req.socket.remoteAddress ?? '', connection: 'close' },
        },
        resolve,
      );
      upstream.on('error', reject);
      upstream.end(body);
    });

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const body = Buffer.concat(chunks);
      const start = next++ % backendPorts.length;
      let lastError: Error | undefined;
      // Every backend twice, with a short pause once all have refused (a restart in progress).
      for (let attempt = 0; attempt < backendPorts.length * 2; attempt += 1) {
        if (attempt === backendPorts.length) await new Promise((r) => setTimeout(r, 200));
        const port = backendPorts[(start + attempt) % backendPorts.length];
        try {
          const answer = await forward(port, req, body);
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
          return;
        } catch (error) {
          lastError = error as Error;
          if (!RETRYABLE.has((error as NodeJS.ErrnoException).code ?? '')) break;
          state.retries += 1;
        }
      }
      res.writeHead(502, { 'content-type': 'text/plain' });
      res.end(`no backend answered: ${lastError?.message}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    get retries() {
      return state.retries;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
