/**
 * Where a throughput benchmark's load comes from: load-generator.ts in a child process. On a machine
 * with two cores or more and `taskset`, this process (the servers under test, all its threads) is
 * pinned to core 0 and the load generator to core 1, so the generator never takes the servers' core
 * and a figure moves only with the servers; elsewhere both float, and `pinned` says so.
 */
import { spawn, spawnSync } from 'node:child_process';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { LoadJob, LoadResult } from './load-generator';

export interface LoadProcess {
  /** How the load and the servers share the machine, for the bench's header line. */
  pinned: string;
  /** Mean requests per second of `job`; refuses a run with a non-2xx answer or an error. */
  run(job: LoadJob): Promise<number>;
  stop(): void;
}

export function startLoadProcess(): LoadProcess {
  const script = join(__dirname, 'load-generator.ts');
  const canPin = cpus().length >= 2 && spawnSync('taskset', ['-a', '-pc', '0', String(process.pid)], { stdio: 'ignore' }).status === 0;
  const node = [process.execPath, '--import', 'tsx', script];
  const child = canPin ? spawn('taskset', ['-c', '1', ...node], { stdio: ['pipe', 'pipe', 'inherit'] }) : spawn(node[0], node.slice(1), { stdio: ['pipe', 'pipe', 'inherit'] });
  const answers = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  return {
    pinned: canPin ? 'servers pinned to core 0, load generator to core 1' : 'not pinned (one core, or no taskset): load and servers share the cores',
    async run(job) {
      child.stdin.write(`${JSON.stringify(job)}\n`);
      const next = await answers.next();
      if (next.done) throw new Error('the load generator ended');
      const result = JSON.parse(next.value) as LoadResult;
      if (result.non2xx > 0 || result.errors > 0) throw new Error(`${job.url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
      return result.rps;
    },
    stop() {
      child.kill();
    },
  };
}
