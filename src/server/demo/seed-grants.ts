import type { DatabaseHandle } from '@/server/db/handle';
import { usageTotalsOf } from '@/server/accounting/queries';
import { insertGrants } from '@/server/grants/queries';
import type { SchemaSet } from '@/schema-runtime';
import { refreshGrantFigures } from '../grants/grant-status';
import { clustersOf } from '../accounting/clusters';
import { runningRates } from '../accounting/forecast';

/** Shares of the hours used so far that the demo grants are sized at: some far, some near, one past them. */
const USED_SHARES = [0.35, 0.8, 0.55, 1.1, 0.25, 0.9];
const DAY_MS = 86_400_000;

/**
 * Demo grants: every demo project with usage gets, per HPC cluster it used, CPU (and GPU) hours
 * granted so that the burn-down, the grid's "used %" and the warnings show a spread of cases; the
 * first running project with at least two weeks to go gets CPU hours for half its remaining time
 * (at most a month) at its rate, so the demo shows a grant that runs out before its end date
 * whatever day it is seeded on.
 */
export async function seedDemoGrants(db: DatabaseHandle, schemas: SchemaSet, projectIds: number[], now: Date): Promise<void> {
  if (!projectIds.length) return;
  // The notebook and galaxy services are not granted hours of their own in the demo.
  const hpc = clustersOf(schemas).clusters.filter((c) => !c.service).map((c) => c.name);
  const rows = await usageTotalsOf(db, projectIds, hpc);
  if (!rows.length) return;
  const later = new Date(now.getTime() + 14 * DAY_MS).toISOString().slice(0, 10);
  const running = (await runningRates(db, schemas, projectIds, now)).filter((p) => p.endDate >= later).sort((a, b) => projectIds.indexOf(a.id) - projectIds.indexOf(b.id));
  const short = running.flatMap((p) =>
    Object.entries(p.clusters)
      .filter(([c, r]) => hpc.includes(c) && r.cpuh.perMonth > 0)
      .map(([c, r]) => ({ id: p.id, cluster: c, cpuh: r.cpuh, months: Math.min(1, (Date.parse(p.endDate) - now.getTime()) / DAY_MS / 30 / 2) })),
  )[0];
  const granted = (used: number, share: number) => (used > 0 ? Math.max(10, Math.round(used / share / 10) * 10) : null);
  await insertGrants(
    db,
    rows.map((r, i) => {
      const share = USED_SHARES[(r.project_id + i) % USED_SHARES.length];
      const runsOutSoon = short && short.id === r.project_id && short.cluster === r.cluster;
      const cpuh = runsOutSoon ? Math.round(short.cpuh.soFar + short.cpuh.perMonth * short.months) : granted(Number(r.cpuh), share);
      return { project_id: r.project_id, cluster: r.cluster, cpuh, gpuh: granted(Number(r.gpuh), share), state: 'approve', granted_at: now };
    }),
  );
  await refreshGrantFigures(db, schemas, projectIds, now);
}
