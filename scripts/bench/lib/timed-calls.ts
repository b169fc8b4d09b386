/**
 * Timing a call the way the portal's callers meet it: warm (the same call again, nothing changed),
 * or after a change (`before` changes a table the call reads, untimed, ahead of each call).
 */
import { performance } from 'node:perf_hooks';

/** Untimed calls ahead of the timed ones: the first calls fill caches and compile code paths. */
const WARMUP = 3;

/** What a timed call answers: anything but 200 means the figure would time an error. */
interface Answer {
  statusCode: number;
  body?: string;
}

/**
 * Times `runs` calls after WARMUP untimed ones and returns their times in ms. `call` gets the
 * call's index (0 … WARMUP + runs - 1), e.g. to call as another user each time; `before` runs
 * untimed ahead of each call. Throws, naming `what`, when a call answers other than 200.
 */
export async function timeCalls(
  what: string,
  runs: number,
  call: (index: number) => Promise<Answer>,
  before?: () => Promise<void>,
): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < WARMUP + runs; i += 1) {
    if (before) await before();
    const t0 = performance.now();
    const res = await call(i);
    const ms = performance.now() - t0;
    if (res.statusCode !== 200) throw new Error(`${what} answered ${res.statusCode}: ${(res.body ?? '').slice(0, 200)}`);
    if (i >= WARMUP) times.push(ms);
  }
  return times;
}

/** Runs `work` once and returns what it returned with the time it took, in ms. */
export async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const t0 = performance.now();
  const value = await work();
  return { value, ms: performance.now() - t0 };
}
