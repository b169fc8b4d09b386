import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from './test-app';
import { createApiKey, type ApiScope } from '../../src/server/services/api-keys';

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

/** Epoch seconds of the 15th of the month `monthsAgo` months before now, at noon UTC. */
export function endTimeMonthsAgo(monthsAgo: number, now = new Date()): number {
  return Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - monthsAgo, 15, 12) / 1000;
}

/** 'MM/YYYY' of the month `monthsAgo` months before now. */
export function monthLabelAgo(monthsAgo: number, now = new Date()): string {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - monthsAgo, 15));
  return `${String(d.getUTCMonth() + 1).padStart(2, '0')}/${d.getUTCFullYear()}`;
}
