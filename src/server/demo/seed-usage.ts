import type { DatabaseHandle } from '@/server/db/handle';
import type { SchemaSet } from '@/schema-runtime';
import { clustersOf } from '../accounting/clusters';
import { hoursOf } from '../accounting/ingest-rows';
import { storeRows, type Resolved } from '../accounting/ingest';

/** A demo project as the usage seed needs it. */
export interface UsageSeedProject {
  id: number;
  key: string;
  /** When its usage starts (approval) and ends (end date or now). */
  from: Date;
  to: Date;
  requested: readonly string[];
  /** Member user ids, the lead first. */
  members: number[];
}

const DAY_MS = 86_400_000;
const HISTORY_MONTHS = 24;
const CPU_COUNTS = [4, 8, 16, 32, 64, 128];

/** A small seeded generator, so every fresh demo database shows the same charts. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Demo usage for up to two years: jobs of each member of each approved demo project on the
 * clusters whose resource tags the project asked for, with a busier lead, a term-time rhythm and a
 * little galaxy use for CPU projects. Stored through the ingest's own storage (jobs + aggregates).
 */
export async function seedDemoUsage(db: DatabaseHandle, schemas: SchemaSet, projects: UsageSeedProject[], now: Date): Promise<number> {
  const { clusters, timeZone } = clustersOf(schemas);
  const earliest = new Date(now.getTime() - HISTORY_MONTHS * 30.44 * DAY_MS);
  const byCluster = new Map<string, Resolved[]>();
  let row = 0;
  for (const project of projects) {
    const next = random(project.id * 7919 + 17);
    const gpu = project.requested.includes('GPU') || project.requested.includes('CLOUD-GPU');
    const targets = clusters.filter((c) => c.resourceTags.some((t) => project.requested.includes(t)) && c.name !== 'galaxy').map((c) => c.name);
    if (project.requested.includes('CPU')) targets.push(...clusters.filter((c) => c.service === 'galaxy').map((c) => c.name));
    const start = new Date(Math.max(project.from.getTime(), earliest.getTime()));
    const end = new Date(Math.min(project.to.getTime(), now.getTime()));
    for (const cluster of targets) {
      const light = clusters.find((c) => c.name === cluster)?.service !== undefined;
      for (const [position, userId] of project.members.entries()) {
        const weight = (position === 0 ? 1.6 : 0.6 + next()) * (light ? 0.15 : 1);
        for (let t = start.getTime(); t < end.getTime(); t += 30.44 * DAY_MS) {
          const month = new Date(t).getUTCMonth();
          const season = month === 7 ? 0.3 : month === 6 || month === 11 ? 0.7 : 1;
          const jobs = Math.round((2 + next() * 5) * season * weight);
          for (let j = 0; j < jobs; j += 1) {
            const endTime = new Date(Math.min(t + next() * 30 * DAY_MS, end.getTime() - 60_000));
            const ncpus = CPU_COUNTS[Math.floor(next() * (light ? 2 : CPU_COUNTS.length))];
            const walltime = Math.round(600 + next() * next() * 36 * 3600);
            const ngpus = gpu && !light && next() < 0.6 ? 1 + Math.floor(next() * 4) : 0;
            const cpuh = hoursOf(ncpus, walltime);
            const gpuh = hoursOf(ngpus, walltime);
            const jobid = `demo-${project.key}-${row}`;
            // The lead uses most of what the jobs hold, the first collaborator well under half; one job in five reports nothing.
            const reported = !light && next() >= 0.2;
            const efficiency = position === 0 ? 0.8 + next() * 0.15 : position === 1 ? 0.2 + next() * 0.2 : 0.55 + next() * 0.35;
            const totalCpu = reported ? Math.round(ncpus * walltime * efficiency) : undefined;
            const gpuUtil = reported && ngpus ? Math.round(efficiency * 100) : undefined;
            const measured = { ...(totalCpu === undefined ? {} : { total_cpu: totalCpu }), ...(gpuUtil === undefined ? {} : { gpu_util: gpuUtil }) };
            const list = byCluster.get(cluster) ?? [];
            byCluster.set(cluster, list);
            list.push({
              row: {
                row,
                jobId: jobid,
                hasJobId: true,
                user: null,
                project: null,
                endTime,
                cpuh,
                gpuh,
                cpuUsed: totalCpu === undefined ? null : hoursOf(1, totalCpu),
                gpuUsed: gpuUtil === undefined ? null : (gpuh * gpuUtil) / 100,
                record: { jobid, walltime, ncpus, ngpus, queue: ngpus ? 'gpu' : 'cpu', cpuh, gpuh, ...measured },
              },
              userId,
              projectId: project.id,
            });
            row += 1;
          }
        }
      }
    }
  }
  let stored = 0;
  for (const [cluster, rows] of byCluster) stored += (await storeRows(db, cluster, timeZone, rows)).size;
  return stored;
}
