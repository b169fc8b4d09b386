/**
 * Registry answers per person, kept in `registry_snapshots` so every app process sees the same
 * data and the institutional check, submissions and invitations can read what the person last saw.
 */
import type { RegistryInfo } from '@generated';
import type { AppContext } from '@/server/context';
import { registryRules } from '@/schema-runtime';
import type { ServerConfig } from '@/server/config';
import { RegistryClient, RegistryError } from './registry-client';
import { lookupRegistryPerson, type RegistryData } from './registry-lookup';
import { registrySnapshotOf, storeRegistrySnapshot } from './queries';

/**
 * A failed lookup is stored too, but reused only this long: the client asks on every page, and a
 * registry that is down should not get one more lookup per page view, yet a recovered registry
 * (or a person just added to it) must show up within a minute, not after the full cache time.
 */
export const FAILED_SNAPSHOT_REUSE_MS = 60_000;

/** Status messages of the croris-info answer; the client matches some of them. */
export const REGISTRY_MESSAGES = {
  ok: 'Successfully fetched the data from CroRIS',
  noOib: 'Could not get authentication info from database',
  getFailed: 'Could not get data from CroRIS',
  parseFailed: 'Could not parse data from CroRIS',
  jsonFailed: 'Could not parse JSON data from CroRIS',
} as const;

/** A registry answer that carries data. */
export type RegistryInfoWithData = RegistryInfo & { data: RegistryData };

/** A client for the configured registry, or undefined when no registry URL is configured. */
export function registryClientFor(registry: ServerConfig['registry']): RegistryClient | undefined {
  if (!registry.url) return undefined;
  return new RegistryClient({
    url: registry.url,
    username: registry.username,
    password: registry.password,
    timeoutMs: registry.timeoutMs,
    retries: registry.retries,
  });
}

/**
 * The answer for a failed lookup (reference §2.2 "CroRIS"): the error travels inside the status.
 * A person the registry does not know is told by the registry's own text (rules/registry.json),
 * which the request checks and the browser recognise.
 */
export function failureAnswer(error: unknown, notFoundText: string): RegistryInfo {
  const { getFailed, parseFailed, jsonFailed } = REGISTRY_MESSAGES;
  if (!(error instanceof RegistryError)) {
    const detail = error instanceof Error ? error.message : String(error);
    return { status: { code: 500, message: `${jsonFailed} - ${detail}` } };
  }
  switch (error.kind) {
    case 'timeout': return { status: { code: 408, message: `${getFailed} - ${error.message}` } };
    case 'unreachable': return { status: { code: 503, message: `${getFailed} - ${error.message}` } };
    case 'badJson': return { status: { code: 500, message: `${jsonFailed} - ${error.message}` } };
    case 'notFound': return { status: { code: 500, message: `${parseFailed} - ${notFoundText}` } };
    default: return { status: { code: 500, message: `${parseFailed} - ${error.message}` } };
  }
}

async function lookup(ctx: AppContext, oib: string): Promise<RegistryInfo> {
  const client = registryClientFor(ctx.config.registry);
  if (!client) return { status: { code: 503, message: `${REGISTRY_MESSAGES.getFailed} - no registry is configured` } };
  try {
    const answer: RegistryInfo = { status: { code: 200, message: REGISTRY_MESSAGES.ok }, data: await lookupRegistryPerson(client, oib, { graceDays: registryRules(ctx.schemas).graceDays }) };
    // Whatever the registry sent, we only ever hand out (and store) answers our schema accepts.
    const check = ctx.schemas.validate('entities/registry-info', answer);
    if (!check.valid) return failureAnswer(new RegistryError('badJson', oib, `unexpected registry data at ${check.issues[0]?.path || '/'}`), registryRules(ctx.schemas).notFoundText);
    return answer;
  } catch (error) {
    return failureAnswer(error, registryRules(ctx.schemas).notFoundText);
  }
}

/**
 * The registry answer for one OIB: a live snapshot (successful ones live `registryCacheMs`,
 * failed ones {@link FAILED_SNAPSHOT_REUSE_MS}) or a new lookup, which is then stored.
 *
 * Never throws for registry trouble: timeouts, unknown people, bad answers and an unreachable
 * registry come back as `status` codes 408/500/503 without `data`. An empty OIB answers status 200
 * 'Could not get authentication info from database' without looking anything up.
 *
 * @param options.fresh skip the snapshot and look up now (the result is still stored)
 */
export async function getRegistryInfo(ctx: AppContext, oib: string, options: { fresh?: boolean } = {}): Promise<RegistryInfo> {
  if (!oib) return { status: { code: 200, message: REGISTRY_MESSAGES.noOib } };
  if (!options.fresh) {
    const snapshot = await registrySnapshotOf(ctx.db, oib);
    if (snapshot) {
      const maxAge = snapshot.status_code === 200 ? ctx.schemas.constants.registryCacheMs : FAILED_SNAPSHOT_REUSE_MS;
      if (Date.now() - new Date(snapshot.fetched_at).getTime() < maxAge) return snapshot.payload as RegistryInfo;
    }
  }
  const answer = await lookup(ctx, oib);
  const row = { fetched_at: new Date(), status_code: answer.status.code, payload: JSON.stringify(answer) };
  await storeRegistrySnapshot(ctx.db, oib, row);
  return answer;
}

/**
 * The person's last successful registry answer if it is younger than `registryCacheMs`; never
 * looks anything up. Used by checks that must decide on what the person was shown (the
 * institutional eligibility), where a failed or missing lookup means "no registry data".
 */
export async function cachedRegistryInfo(ctx: AppContext, oib: string): Promise<RegistryInfoWithData | undefined> {
  if (!oib) return undefined;
  const snapshot = await registrySnapshotOf(ctx.db, oib);
  if (!snapshot || snapshot.status_code !== 200) return undefined;
  if (Date.now() - new Date(snapshot.fetched_at).getTime() >= ctx.schemas.constants.registryCacheMs) return undefined;
  const payload = snapshot.payload as RegistryInfo;
  return payload.data ? (payload as RegistryInfoWithData) : undefined;
}
