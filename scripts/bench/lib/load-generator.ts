/**
 * A load generator in a process of its own, which the benchmark that starts it pins to a core its
 * servers do not use (load-process.ts): one job per line on stdin — `{ url, headers, connections,
 * seconds, warmupSeconds }` — each answered, in turn, by one line on stdout with the requests per
 * second of the measured part (after the warm-up, if any), and its non-2xx answers and errors.
 */
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';

export interface LoadJob {
  url: string;
  headers: Record<string, string>;
  connections: number;
  seconds: number;
  /** Load before the measured part, not counted (none when 0). */
  warmupSeconds: number;
}

export interface LoadResult {
  rps: number;
  non2xx: number;
  errors: number;
}

async function main(): Promise<void> {
  for await (const line of createInterface({ input: process.stdin })) {
    const { url, headers, connections, seconds, warmupSeconds } = JSON.parse(line) as LoadJob;
    if (warmupSeconds > 0) await autocannon({ url, connections, duration: warmupSeconds, headers });
    const result = await autocannon({ url, connections, duration: seconds, headers });
    const answer: LoadResult = { rps: result.requests.total / result.duration, non2xx: result.non2xx, errors: result.errors };
    process.stdout.write(`${JSON.stringify(answer)}\n`);
  }
}

void main();
