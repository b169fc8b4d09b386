/**
 * The password sign-ins of one process, capped (docs/decisions/0620-password-spraying-and-check-cap.md).
 * A password check is a full scrypt (or a Django hash's pbkdf2) run on the thread pool; a flood of
 * them from one address used to take the CPU and the database from everyone.
 *
 * - One client network has at most `perNetwork` sign-ins in progress (`enter`); one more is refused
 *   at once with 429, before any database work, and is not counted as a failure.
 * - At most `atOnce` password checks run at a time (`run`); the others wait, each network in a
 *   queue of its own, and a freed slot goes to the networks in turn, so a flood from one network
 *   waits behind itself while another network's sign-in is next.
 * - When `waiting` checks wait in all, a new one is refused with 503 `loginBusy` rather than
 *   queued without end.
 */
import type { AppContext } from '../context';
import { ApiError } from '../errors';

/** The caps, from the configuration (`LOGIN_CHECKS_*`, README). */
export interface PasswordCheckLimits {
  atOnce: number;
  waiting: number;
  perNetwork: number;
}

/**
 * Work of many client networks done a few at a time, the networks taking turns (password checks
 * here, SAML messages in saml/message-gate.ts).
 */
export class TurnGate {
  private running = 0;
  private waitingNow = 0;
  /** Waiting checks by network, in the order the networks take turns (a Map keeps insertion order). */
  private readonly queues = new Map<string, (() => void)[]>();
  /** Sign-ins in progress by network. */
  private readonly inProgress = new Map<string, number>();

  constructor(private readonly limits: PasswordCheckLimits) {}

  /** Checks running and waiting, and sign-ins in progress, now (for the tests). */
  get load(): { running: number; waiting: number; signIns: number } {
    return { running: this.running, waiting: this.waitingNow, signIns: [...this.inProgress.values()].reduce((a, b) => a + b, 0) };
  }

  /**
   * Starts a sign-in of `network`; call the returned function once when it is over.
   *
   * @throws ApiError `tooManyLoginAttempts` when the network has `perNetwork` sign-ins in progress
   */
  enter(network: string): () => void {
    const now = this.inProgress.get(network) ?? 0;
    if (now >= this.limits.perNetwork) throw new ApiError('tooManyLoginAttempts');
    this.inProgress.set(network, now + 1);
    let left = false;
    return () => {
      if (left) return;
      left = true;
      const rest = (this.inProgress.get(network) ?? 1) - 1;
      if (rest > 0) this.inProgress.set(network, rest);
      else this.inProgress.delete(network);
    };
  }

  /**
   * Runs `check` in a free slot, after the checks waiting before it in turn.
   *
   * @throws ApiError `loginBusy` when the queue is full, before `check` runs
   */
  async run<T>(network: string, check: () => Promise<T>): Promise<T> {
    if (this.running < this.limits.atOnce && this.waitingNow === 0) this.running += 1;
    else {
      const queue = this.queues.get(network) ?? [];
      if (this.waitingNow >= this.limits.waiting) throw new ApiError('loginBusy');
      // The slot is handed over by `release`: `running` stays as it was.
      await new Promise<void>((resolve) => {
        queue.push(resolve);
        if (!this.queues.has(network)) this.queues.set(network, queue);
        this.waitingNow += 1;
      });
    }
    try {
      return await check();
    } finally {
      this.release();
    }
  }

  private release(): void {
    const next = this.queues.entries().next();
    if (next.done) {
      this.running -= 1;
      return;
    }
    const [network, queue] = next.value;
    const wake = queue.shift()!;
    // The network goes to the back of the turn order (or leaves it when it has nothing waiting).
    this.queues.delete(network);
    if (queue.length) this.queues.set(network, queue);
    this.waitingNow -= 1;
    wake();
  }
}

const gates = new WeakMap<AppContext['config'], TurnGate>();

/** The gate of an app (one per process and configuration). */
export function passwordCheckGate(ctx: AppContext): TurnGate {
  let gate = gates.get(ctx.config);
  if (!gate) gates.set(ctx.config, (gate = new TurnGate(ctx.config.loginChecks)));
  return gate;
}
