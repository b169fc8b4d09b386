/**
 * The SAML messages one process reads at once (docs/decisions/0600-saml-xml-bounds.md). Bounded as
 * it is, the largest message a federation may send still holds the event loop for tens of
 * milliseconds while it is parsed and its signature checked; twenty at once held every signed-in
 * caller's answer for a second. So an anonymous message (a login response, a logout request or
 * response) is read one at a time, after the calls already waiting have had their turn; the others
 * wait, each client network in a queue of its own taking turns (a flood from one network waits
 * behind itself), and beyond `waiting` in all a message is refused with 503 `loginBusy`.
 */
import type { AppContext } from '@/server/context';
import { TurnGate } from '../users/password-checks';

const LIMITS = { atOnce: 1, waiting: 64, perNetwork: Number.MAX_SAFE_INTEGER };

const gates = new WeakMap<AppContext['config'], TurnGate>();

/**
 * Reads one message of `network` in its turn: `read` runs alone among the process's SAML messages,
 * after the event loop has served what was waiting.
 *
 * @throws ApiError `loginBusy` when `waiting` messages already wait, before `read` runs
 */
export function readSamlMessageInTurn<T>(ctx: AppContext, network: string, read: () => Promise<T>): Promise<T> {
  let gate = gates.get(ctx.config);
  if (!gate) gates.set(ctx.config, (gate = new TurnGate(LIMITS)));
  return gate.run(network, async () => {
    await new Promise((resolve) => setImmediate(resolve));
    return read();
  });
}
