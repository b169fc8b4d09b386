import type { AppContext } from '../../../src/server/context';
import { readSamlMessageInTurn } from '../../../src/server/saml/message-gate';

describe('SAML messages read in turn', () => {
  const ctx = () => ({ config: {} }) as unknown as AppContext;

  it('reads one message at a time, lets other work run before each, and takes the networks in turn', async () => {
    const app = ctx();
    let reading = 0;
    let most = 0;
    const order: string[] = [];
    let otherWorkRan = false;
    let otherWorkBeforeFirstRead: boolean | undefined;
    const read = (label: string) => async () => {
      otherWorkBeforeFirstRead ??= otherWorkRan;
      reading += 1;
      most = Math.max(most, reading);
      order.push(label);
      await new Promise((resolve) => setTimeout(resolve, 2));
      reading -= 1;
    };
    // Work that was waiting when the first message came (another caller's answer) runs before it is read.
    setImmediate(() => (otherWorkRan = true));
    const flood = [1, 2, 3, 4].map((i) => readSamlMessageInTurn(app, 'flood', read(`flood ${i}`)));
    const other = readSamlMessageInTurn(app, 'other', read('other'));
    await Promise.all([...flood, other]);
    expect(most).toBe(1);
    expect(otherWorkBeforeFirstRead).toBe(true);
    // The other network's one message is read second, not after the whole flood.
    expect(order.indexOf('other')).toBeLessThanOrEqual(2);
  });

  it('refuses a message with 503 loginBusy when 64 already wait, before reading it', async () => {
    const app = ctx();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const first = readSamlMessageInTurn(app, 'n', () => held);
    const waiting = Array.from({ length: 64 }, () => readSamlMessageInTurn(app, 'n', async () => undefined));
    let read = false;
    await expect(
      readSamlMessageInTurn(app, 'n', async () => {
        read = true;
      }),
    ).rejects.toMatchObject({ key: 'loginBusy', statusCode: 503 });
    expect(read).toBe(false);
    release();
    await Promise.all([first, ...waiting]);
  });
});
