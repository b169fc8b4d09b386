import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { halRenderer, type HalRenderer } from './hal-documents';
import type { StandInData } from './stand-in-data';
import { demoRegistryData } from './demo-registry';

/** What a fault makes the stand-in answer instead of the real document. */
export type StandInFaultKind =
  /** HTTP 404 with the registry's error body. */
  | 'notFound'
  /** HTTP 200 carrying the registry's error body (`httpStatusCode` 404), as the registry also does. */
  | 'notFoundBody'
  /** HTTP 200 with a body that is not JSON. */
  | 'badJson'
  /** The right answer, but only after `delayMs` (default 30 s): a client timeout. */
  | 'slow'
  /** HTTP 500. */
  | 'serverError';

export interface StandInFault {
  kind: StandInFaultKind;
  /** Which request paths it hits: a prefix string or a pattern; all paths when absent. */
  path?: string | RegExp;
  /** How many matching requests it hits before it clears itself; unlimited when absent. */
  times?: number;
  delayMs?: number;
}

/** One request the stand-in received. */
export interface StandInRequest {
  method: string;
  path: string;
  authorization?: string;
  accept?: string;
}

export interface StandInOptions {
  port?: number;
  host?: '127.0.0.1';
  username: string;
  password: string;
  faults?: StandInFault[];
  /** What the registry knows; the demo data set when absent. */
  data?: StandInData;
  /** The moment relative dates are counted from; the request time when absent. */
  now?: () => Date;
}

export interface StandIn {
  /** Base URL to configure as `registry.url`. */
  url: string;
  /** Every request received so far, oldest first. */
  requests: StandInRequest[];
  /** Replaces the active faults with `fault` (none with null). */
  setFault(fault: StandInFault | StandInFault[] | null): void;
  close(): Promise<void>;
}

const NOT_FOUND_BODY = { httpStatusCode: 404, errorMessage: 'Ne postoji traženi resurs' };

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
  res.end(text);
}

function route(hal: HalRenderer, path: string): Record<string, unknown> | undefined {
  let m: RegExpMatchArray | null;
  if ((m = path.match(/^\/projekti-api\/osoba\/voditelj\/oib\/(\d{11})$/))) return hal.personLead(m[1]);
  if ((m = path.match(/^\/projekti-api\/osoba\/projekt\/(\d+)$/))) return hal.projectPeople(Number(m[1]));
  if ((m = path.match(/^\/projekti-api\/osoba\/(\d+)$/))) return hal.person(Number(m[1]));
  if ((m = path.match(/^\/projekti-api\/projekt\/(\d+)$/))) return hal.project(Number(m[1]));
  return undefined;
}

/**
 * Starts a local stand-in of the research registry that speaks its JSON, for demo mode and tests.
 * It requires HTTP Basic auth with the given credentials (401 otherwise) and serves `data` (the
 * demo people and projects by default). Faults make chosen paths answer not-found, bad JSON,
 * slowly or with 500, so tests can drive every failure of the client over real HTTP.
 *
 * @returns the base URL, the request log, a fault switch and `close()`; resolves once listening.
 */
export async function startRegistryStandIn(options: StandInOptions): Promise<StandIn> {
  const data = options.data ?? demoRegistryData();
  const now = options.now ?? (() => new Date());
  const expectedAuth = `Basic ${Buffer.from(`${options.username}:${options.password}`).toString('base64')}`;
  let faults: StandInFault[] = [...(options.faults ?? [])];
  const requests: StandInRequest[] = [];
  const timers = new Set<NodeJS.Timeout>();
  let baseUrl = '';

  const takeFault = (path: string): StandInFault | undefined => {
    const fault = faults.find((f) => !f.path || (typeof f.path === 'string' ? path.startsWith(f.path) : f.path.test(path)));
    if (fault?.times !== undefined) {
      fault.times -= 1;
      if (fault.times <= 0) faults = faults.filter((f) => f !== fault);
    }
    return fault;
  };

  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const path = new URL(req.url ?? '/', 'http://stand-in').pathname.replace(/\/+$/, '');
    requests.push({ method: req.method ?? 'GET', path, authorization: req.headers.authorization, accept: req.headers.accept });
    if (req.headers.authorization !== expectedAuth) {
      return send(res, 401, { httpStatusCode: 401, errorMessage: 'Unauthorized' }, { 'www-authenticate': 'Basic realm="registry"' });
    }
    if (req.method !== 'GET') return send(res, 405, { httpStatusCode: 405, errorMessage: 'Method Not Allowed' });
    const answer = () => {
      const doc = route(halRenderer(data, baseUrl, now()), path);
      return doc ? send(res, 200, doc) : send(res, 404, NOT_FOUND_BODY);
    };
    const fault = takeFault(path);
    switch (fault?.kind) {
      case 'notFound': return send(res, 404, NOT_FOUND_BODY);
      case 'notFoundBody': return send(res, 200, NOT_FOUND_BODY);
      case 'badJson': return send(res, 200, '<html>Service temporarily unavailable</html>');
      case 'serverError': return send(res, 500, { httpStatusCode: 500, errorMessage: 'Internal Server Error' });
      case 'slow': {
        const timer = setTimeout(() => {
          timers.delete(timer);
          if (!res.destroyed) answer();
        }, fault.delayMs ?? 30_000);
        timers.add(timer);
        return;
      }
      default: return answer();
    }
  };

  const server = createServer(handle);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const { address, port } = server.address() as AddressInfo;
  baseUrl = `http://${address}:${port}`;

  return {
    url: baseUrl,
    requests,
    setFault(fault) {
      faults = fault === null ? [] : Array.isArray(fault) ? [...fault] : [fault];
    },
    async close() {
      for (const t of timers) clearTimeout(t);
      timers.clear();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
