import type { AppContext } from '@/server/context';
import { monitorOf } from '@/server/monitor';
import type { FederationName, ServiceProviders } from './service-providers';
import type { Log } from '../log';

/**
 * Federation metadata changes without notice (an identity provider rolls its key, a federation
 * re-signs with a new validUntil), so each process fetches it again every
 * `SAML_METADATA_REFRESH_SECONDS` (an hour by default). A fetch that fails — unreachable, a bad signature, expired —
 * is logged and counted (`portal_saml_metadata_refreshes_total{outcome="failed"}`) and the last good
 * copy stays in use until its own validUntil.
 */
export interface MetadataRefresh {
  /** One round now, for every configured federation (the schedule calls the same). */
  runOnce(): Promise<void>;
  stop(): void;
}

export function startMetadataRefresh(ctx: AppContext, providers: ServiceProviders, log: Log): MetadataRefresh {
  const refreshOne = async (federation: FederationName) => {
    const counter = monitorOf(ctx).samlMetadataRefreshes;
    try {
      const sp = await providers.refresh(federation);
      counter.inc({ federation, outcome: 'ok' });
      log.info({ federation, idp: sp.idp.entityId, validUntil: sp.idp.validUntil?.toISOString() }, 'federation metadata refreshed');
    } catch (error) {
      counter.inc({ federation, outcome: 'failed' });
      log.warn({ federation, reason: (error as Error).message }, 'federation metadata refresh failed; the last good copy stays in use');
    }
  };
  const runOnce = async () => {
    await Promise.all(providers.configured().map(refreshOne));
  };
  const everyMs = Math.max(1, ctx.config.saml.metadataRefreshSeconds) * 1000;
  const timer = setInterval(() => void runOnce(), everyMs);
  timer.unref();
  return { runOnce, stop: () => clearInterval(timer) };
}

/**
 * At start: loads each configured federation's metadata once (the load the first sign-in would
 * otherwise make, and which it then reuses) and logs what came of it, so that an operator learns
 * of metadata that cannot be fetched or is refused before a user does. Never throws: the portal
 * starts either way, and a failed load is tried again by the next request and the next refresh.
 */
export async function checkMetadataAtStart(providers: ServiceProviders, log: Pick<Log, 'info' | 'error'>): Promise<void> {
  await Promise.all(
    providers.configured().map(async (federation) => {
      try {
        const sp = await providers.get(federation);
        log.info({ federation, idp: sp?.idp.entityId, validUntil: sp?.idp.validUntil?.toISOString() }, 'federation metadata verified at start');
      } catch (error) {
        log.error({ federation, reason: (error as Error).message }, 'federation metadata refused at start; sign-in through this federation is unavailable until it can be trusted');
      }
    }),
  );
}
