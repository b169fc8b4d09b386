/**
 * HTTP client of the research registry (CroRIS). One instance per base URL and credentials; it
 * holds no state between calls, so any number of app processes may use their own.
 */

/** Why a registry call failed; each kind maps to one status of the croris-info answer. */
export type RegistryErrorKind =
  /** The registry does not know the resource (HTTP 404, or an error body with `httpStatusCode` 404). */
  | 'notFound'
  /** The registry refused the call (another 4xx, e.g. wrong credentials, or an error body). */
  | 'rejected'
  /** The registry answered 5xx on every attempt. */
  | 'serverError'
  /** The body is not the JSON object we expect. */
  | 'badJson'
  /** No answer within the timeout on every attempt. */
  | 'timeout'
  /** No connection could be made (refused, DNS, reset) on every attempt. */
  | 'unreachable';

/** A failed registry call; `message` is safe to show (no credentials, no stack). */
export class RegistryError extends Error {
  readonly kind: RegistryErrorKind;
  /** The path that failed, relative to the base URL. */
  readonly path: string;
  /** HTTP status, when the registry answered at all. */
  readonly httpStatus?: number;

  constructor(kind: RegistryErrorKind, path: string, message: string, httpStatus?: number) {
    super(message);
    this.name = 'RegistryError';
    this.kind = kind;
    this.path = path;
    this.httpStatus = httpStatus;
  }
}

/** A JSON object as the registry sends it (HAL: `_links`, `_embedded`, Croatian field names). */
export type RegistryDocument = Record<string, unknown>;

export interface RegistryClientOptions {
  /** Base URL, e.g. `https://www.croris.hr`; the API paths are appended to it. */
  url: string;
  username?: string;
  password?: string;
  /** Per-attempt timeout (connect + answer + body). */
  timeoutMs: number;
  /** Extra attempts after the first one, on network errors, timeouts and 5xx only. */
  retries: number;
  /** Waits between attempts; injectable so tests need not wait. */
  sleep?: (ms: number) => Promise<void>;
  /** First backoff; doubles on each further retry. */
  backoffMs?: number;
}

const DEFAULT_BACKOFF_MS = 250;
const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Path templates of the registry's project API (reference §4.2), relative to the base URL. */
export const REGISTRY_PATHS = {
  personLead: (oib: string) => `/projekti-api/osoba/voditelj/oib/${encodeURIComponent(oib)}`,
  person: (persId: number) => `/projekti-api/osoba/${persId}`,
  project: (projectId: number) => `/projekti-api/projekt/${projectId}`,
  projectPeople: (projectId: number) => `/projekti-api/osoba/projekt/${projectId}`,
} as const;

/** An attempt's outcome that may be worth repeating. */
class Retryable extends Error {
  constructor(readonly failure: RegistryError) {
    super(failure.message);
  }
}

function describeNetworkError(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : String(error));
}

/**
 * The registry client: Basic auth, `Accept: application/json`, a timeout per attempt and retries
 * with a doubling backoff on network errors, timeouts and 5xx. A 4xx is final: repeating a refused
 * or unknown request cannot change the answer.
 */
export class RegistryClient {
  private readonly base: string;
  private readonly headers: Record<string, string>;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly backoffMs: number;

  constructor(private readonly options: RegistryClientOptions) {
    this.base = options.url.replace(/\/+$/, '');
    this.headers = { accept: 'application/json' };
    if (options.username !== undefined || options.password !== undefined) {
      const token = Buffer.from(`${options.username ?? ''}:${options.password ?? ''}`).toString('base64');
      this.headers.authorization = `Basic ${token}`;
    }
    this.sleep = options.sleep ?? realSleep;
    this.backoffMs = options.backoffMs ?? DEFAULT_BACKOFF_MS;
  }

  /** The person as project lead, looked up by OIB (also answers for people who lead nothing). */
  personLead(oib: string): Promise<RegistryDocument> {
    return this.getJson(REGISTRY_PATHS.personLead(oib));
  }

  /** The person by registry id, with links to every project they are on. */
  person(persId: number): Promise<RegistryDocument> {
    return this.getJson(REGISTRY_PATHS.person(persId));
  }

  /** One project with its institutions, funders and people. */
  project(projectId: number): Promise<RegistryDocument> {
    return this.getJson(REGISTRY_PATHS.project(projectId));
  }

  /** The people of one project (`_embedded.osobe`). */
  projectPeople(projectId: number): Promise<RegistryDocument> {
    return this.getJson(REGISTRY_PATHS.projectPeople(projectId));
  }

  /**
   * GETs a path relative to the base URL and returns its JSON object.
   *
   * @throws RegistryError of kind notFound, rejected, serverError, badJson, timeout or unreachable.
   */
  async getJson(path: string): Promise<RegistryDocument> {
    const attempts = Math.max(0, this.options.retries) + 1;
    let last: RegistryError | undefined;
    for (let attempt = 1; attempt <= attempts; attempt++) {
      if (attempt > 1) await this.sleep(this.backoffMs * 2 ** (attempt - 2));
      try {
        return await this.attempt(path);
      } catch (error) {
        if (!(error instanceof Retryable)) throw error;
        last = error.failure;
      }
    }
    throw new RegistryError(last!.kind, path, `${last!.message} (after ${attempts} attempts)`, last!.httpStatus);
  }

  private async attempt(path: string): Promise<RegistryDocument> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), this.options.timeoutMs);
    let status: number;
    let text: string;
    try {
      const response = await fetch(this.base + path, { headers: this.headers, signal: controller.signal, redirect: 'error' });
      status = response.status;
      // The body is read under the same timer: a registry that stalls mid-body is a timeout too.
      text = await response.text();
    } catch (error) {
      if (controller.signal.aborted) {
        throw new Retryable(new RegistryError('timeout', path, `no answer from the registry within ${this.options.timeoutMs} ms`));
      }
      throw new Retryable(new RegistryError('unreachable', path, `cannot reach the registry: ${describeNetworkError(error)}`));
    } finally {
      clearTimeout(timer);
    }
    if (status >= 500) throw new Retryable(new RegistryError('serverError', path, `the registry answered HTTP ${status}`, status));
    const body = parseObject(text);
    const errorMessage = body && typeof body.errorMessage === 'string' ? body.errorMessage : undefined;
    if (status === 404) throw new RegistryError('notFound', path, errorMessage ?? 'the registry does not know the requested resource', status);
    if (status >= 400) throw new RegistryError('rejected', path, errorMessage ?? `the registry answered HTTP ${status}`, status);
    if (!body) throw new RegistryError('badJson', path, 'the registry did not answer with a JSON object', status);
    // The registry reports some errors inside a 200 answer.
    const inner = body.httpStatusCode;
    if (inner !== undefined && Number(inner) !== 200) {
      const kind: RegistryErrorKind = Number(inner) === 404 ? 'notFound' : 'rejected';
      throw new RegistryError(kind, path, errorMessage ?? `the registry reported status ${String(inner)}`, Number(inner));
    }
    return body;
  }
}

function parseObject(text: string): RegistryDocument | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as RegistryDocument) : undefined;
  } catch {
    return undefined;
  }
}
