/**
 * Client networks this process has refused for spraying passwords, and until when
 * (docs/decisions/0620-password-spraying-and-check-cap.md). The database's counter decides a
 * refusal; this only remembers the answer so that the same network's next attempts, until its
 * failures leave the window, are refused before any database work or password check. Another
 * process learns the same from the database on its own first refusal.
 */
import type { AppContext } from '../context';

/** Beyond this many networks remembered, the expired ones are forgotten (and, if need be, the oldest). */
const REMEMBERED = 10_000;

export class RefusedNetworks {
  private readonly until = new Map<string, number>();

  /** True while `network` is remembered as refused. */
  refuses(network: string, now = Date.now()): boolean {
    const until = this.until.get(network);
    if (until === undefined) return false;
    if (until > now) return true;
    this.until.delete(network);
    return false;
  }

  /** Remembers `network` as refused until `until` (ms since the epoch). */
  refuse(network: string, until: number, now = Date.now()): void {
    this.until.delete(network);
    this.until.set(network, until);
    if (this.until.size <= REMEMBERED) return;
    for (const [name, time] of this.until) if (time <= now) this.until.delete(name);
    for (const name of this.until.keys()) {
      if (this.until.size <= REMEMBERED) break;
      this.until.delete(name);
    }
  }
}

const remembered = new WeakMap<AppContext['config'], RefusedNetworks>();

/** This process's refused networks (one per configuration, as the password-check gate). */
export function refusedNetworks(ctx: AppContext): RefusedNetworks {
  let networks = remembered.get(ctx.config);
  if (!networks) remembered.set(ctx.config, (networks = new RefusedNetworks()));
  return networks;
}
