import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from '../../harness/test-app';
import { createApiKey, type ApiScope } from '../../src/server/api-keys/api-keys';

/** A live API key of the test database. */
export async function apiKey(t: TestApp, scopes?: ApiScope[]): Promise<string> {
  return (await createApiKey(t.ctx.db, 'test exporter', scopes)).key;
}

/** POSTs job records to the ingest call with a key. */
export function ingest(t: TestApp, key: string, resource: string, usage: unknown, raw?: string): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/accounting/records?resource=${encodeURIComponent(resource)}`,
    headers: { authorization: `Api-Key ${key}`, 'content-type': 'application/json' },
    payload: raw ?? JSON.stringify({ usage }),
  });
}

/**
 * Epoch seconds of the 15th of the month `monthsAgo` months before now, at noon UTC. In the current
 * month no later than a minute ago (the ingest refuses a job that ends in the future: before the
 * 15th, the 15th is), and not before the month began.
 */
export function endTimeMonthsAgo(monthsAgo: number, now = new Date()): number {
  const fifteenth = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - monthsAgo, 15, 12);
  if (monthsAgo > 0) return fifteenth / 1000;
  const monthStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1);
  return Math.floor(Math.min(fifteenth, Math.max(monthStart, now.getTime() - 60_000)) / 1000);
}

/** 'MM/YYYY' of the month `monthsAgo` months before now. */
export function monthLabelAgo(monthsAgo: number, now = new Date()): string {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - monthsAgo, 15));
  return `${String(d.getUTCMonth() + 1).padStart(2, '0')}/${d.getUTCFullYear()}`;
}
