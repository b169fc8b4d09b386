import { SingleBar, Presets } from 'cli-progress';

/** A progress reporter: `update(done, detail)` with `done` out of the total given at creation. */
export interface Progress {
  update(done: number, detail?: string): void;
  stop(): void;
}

/**
 * A progress bar on a terminal; elsewhere (CI logs, pipes) one plain line per tenth of the work,
 * so logs stay readable. Writes to stderr, leaving stdout for a command's own output.
 */
export function createProgress(label: string, total: number): Progress {
  if (process.stderr.isTTY) {
    const bar = new SingleBar(
      { format: `${label} [{bar}] {percentage}% {detail}`, hideCursor: true, clearOnComplete: false, stream: process.stderr },
      Presets.shades_classic,
    );
    bar.start(total, 0, { detail: '' });
    return {
      update: (done, detail = '') => bar.update(Math.min(done, total), { detail: detail.slice(0, 50) }),
      stop: () => bar.stop(),
    };
  }
  let lastTenth = -1;
  return {
    update: (done) => {
      const tenth = Math.floor((Math.min(done, total) / Math.max(total, 1)) * 10);
      if (tenth > lastTenth) {
        lastTenth = tenth;
        process.stderr.write(`${label} ${tenth * 10}%\n`);
      }
    },
    stop: () => undefined,
  };
}
