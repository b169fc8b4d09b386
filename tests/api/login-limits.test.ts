import crypto from 'node:crypto';
import { readConfig } from '../../src/server/config';
import { clientNetwork } from '../../src/server/sessions/client-network';
import { loadSchemaSet } from '../../src/schema-runtime/node';
import { cookiesOf, startTestApp, type TestApp } from '../../harness/test-app';
import { addUser } from '../support/fixtures';
import { passwordCheckGate } from '../../src/server/users/password-checks';

/**
 * Defect 1: the login rate limit. Forwarded addresses count only from configured proxies, and a
 * username has a limit of its own across all addresses, which refuses only clients that failed
 * themselves (docs/decisions/0240-login-throttling-and-https.md).
 */
const schemas = loadSchemaSet();
const { loginAttemptsPerWindow, loginAttemptsPerUsername, loginAttemptsPerNetwork, loginWindowMinutes } = schemas.constants;

type From = { remoteAddress: string; forwardedFor?: string; cookie?: string };

async function attempt(t: TestApp, username: string, password: string, from: From) {
  const session = await t.app.inject({ method: 'GET', url: '/api/v1/sessionactive', remoteAddress: from.remoteAddress });
  const cookie = [cookiesOf(session), from.cookie].filter(Boolean).join('; ');
  return t.app.inject({
    method: 'POST',
    url: '/auth/login/',
    remoteAddress: from.remoteAddress,
    headers: { cookie, 'x-csrftoken': session.json().csrftoken, ...(from.forwardedFor ? { 'x-forwarded-for': from.forwardedFor } : {}) },
    payload: { username, password },
  });
}

describe('login limits without a configured proxy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ seed: false, schemas });
    await addUser(t.ctx, 'victim');
    await addUser(t.ctx, 'target');
  });
  afterAll(() => t.close());

  it('reads TRUST_PROXY as a list of addresses and trusts none when unset', () => {
    expect(readConfig({}).trustProxy).toEqual([]);
    expect(readConfig({ TRUST_PROXY: '10.0.0.1, 10.0.0.0/8' }).trustProxy).toEqual(['10.0.0.1', '10.0.0.0/8']);
  });

  it('does not let forged X-Forwarded-For addresses buy more guesses', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 30; i += 1) {
      const res = await attempt(t, 'target', 'wrong', { remoteAddress: '203.0.113.9', forwardedFor: `198.51.100.${i + 1}` });
      statuses.push(res.statusCode);
    }
    expect(statuses.filter((s) => s === 401)).toHaveLength(loginAttemptsPerWindow);
    expect(statuses.slice(loginAttemptsPerWindow).every((s) => s === 429)).toBe(true);
  });

  it('does not let a forged address lock its owner out', async () => {
    for (let i = 0; i < loginAttemptsPerWindow + 2; i += 1)
      await attempt(t, 'victim', 'wrong', { remoteAddress: '203.0.113.50', forwardedFor: '192.0.2.77' });
    const res = await attempt(t, 'victim', 'victim', { remoteAddress: '192.0.2.77' });
    expect(res.statusCode).toBe(200);
  });
});

describe('login limits behind a configured proxy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ seed: false, schemas, config: { trustProxy: ['127.0.0.1'] } });
    await addUser(t.ctx, 'spread');
  });
  afterAll(() => t.close());

  it('counts each forwarded client address of the proxy separately', async () => {
    for (let i = 0; i < loginAttemptsPerWindow; i += 1)
      await attempt(t, 'spread', 'wrong', { remoteAddress: '127.0.0.1', forwardedFor: '192.0.2.1' });
    expect((await attempt(t, 'spread', 'wrong', { remoteAddress: '127.0.0.1', forwardedFor: '192.0.2.1' })).statusCode).toBe(429);
    expect((await attempt(t, 'spread', 'spread', { remoteAddress: '127.0.0.1', forwardedFor: '192.0.2.2' })).statusCode).toBe(200);
  });

  it('limits a username across addresses: guesses spread over many addresses run out', async () => {
    await t.ctx.db.deleteFrom('login_attempts').execute();
    const statuses: number[] = [];
    for (let i = 0; i < loginAttemptsPerUsername + 5; i += 1) {
      const res = await attempt(t, 'spread', 'wrong', { remoteAddress: '127.0.0.1', forwardedFor: `198.51.100.${i + 1}` });
      statuses.push(res.statusCode);
    }
    expect(statuses.filter((s) => s === 401)).toHaveLength(loginAttemptsPerUsername);
    expect(statuses.slice(loginAttemptsPerUsername).every((s) => s === 429)).toBe(true);
    // The addresses that guessed are refused unchecked, even with the right password.
    for (const address of ['198.51.100.1', `198.51.100.${loginAttemptsPerUsername + 5}`]) {
      const res = await attempt(t, 'spread', 'spread', { remoteAddress: '127.0.0.1', forwardedFor: address });
      expect(res.statusCode).toBe(429);
      expect(res.json().status.key).toBe('tooManyLoginAttempts');
    }
  });
});

describe('the per-username ceiling refuses only clients that failed', () => {
  let t: TestApp;
  const proxy = (forwardedFor: string, cookie?: string): From => ({ remoteAddress: '127.0.0.1', forwardedFor, cookie });
  const failedRows = async (key: string) =>
    Number((await t.ctx.db.selectFrom('login_attempts').select((eb) => eb.fn.countAll<number>().as('n')).where('key', '=', key).executeTakeFirstOrThrow()).n);

  /** Wrong passwords for `username`, each from a fresh address of 198.51.x.y: the distributed attack. */
  async function spreadAttack(username: string, guesses: number, network = 51) {
    const statuses: number[] = [];
    for (let i = 0; i < guesses; i += 1)
      statuses.push((await attempt(t, username, `guess-${i}`, proxy(`198.${network}.${Math.floor(i / 250)}.${(i % 250) + 1}`))).statusCode);
    return statuses;
  }

  beforeAll(async () => {
    t = await startTestApp({ seed: false, schemas, config: { trustProxy: ['127.0.0.1'] } });
    for (const name of ['owner', 'typist', 'other', 'burst', 'six']) await addUser(t.ctx, name);
  });
  afterAll(() => t.close());
  beforeEach(() => t.ctx.db.deleteFrom('login_attempts').execute());

  it(`lets the owner in with the right password from a clean address after ${loginAttemptsPerUsername} and more failures from others`, async () => {
    const statuses = await spreadAttack('owner', loginAttemptsPerUsername * 2);
    expect(statuses.filter((s) => s === 401)).toHaveLength(loginAttemptsPerUsername);
    expect(statuses.slice(loginAttemptsPerUsername).every((s) => s === 429)).toBe(true);
    const owner = await attempt(t, 'owner', 'owner', proxy('192.0.2.10'));
    expect(owner.statusCode).toBe(200);
    expect(owner.cookies.find((c) => c.name === 'computing_session')).toBeDefined();
    // The owner's login does not reset the ceiling: the attack goes on, and so does the owner.
    expect((await spreadAttack('owner', 20, 52)).every((s) => s === 429)).toBe(true);
    expect((await attempt(t, 'owner', 'owner', proxy('192.0.2.11'))).statusCode).toBe(200);
  });

  it('still refuses the attacker: a guessing address unchecked, a fresh one for one guess only', async () => {
    await spreadAttack('owner', loginAttemptsPerUsername);
    // Past the ceiling a fresh address's wrong password is checked, counted and refused with 429 …
    const first = await attempt(t, 'owner', 'guess', proxy('203.0.113.77'));
    expect(first.statusCode).toBe(429);
    expect(first.json().status.key).toBe('tooManyLoginAttempts');
    expect(await failedRows('203.0.113.77|owner')).toBe(1);
    // … and from then on that address is refused unchecked, even with the right password.
    expect((await attempt(t, 'owner', 'owner', proxy('203.0.113.77'))).statusCode).toBe(429);
    expect((await attempt(t, 'owner', 'owner', proxy('198.51.0.1'))).statusCode).toBe(429);
    expect(await failedRows('203.0.113.77|owner')).toBe(1);
  });

  it('gives a burst from one fresh address at most one guess past the ceiling', async () => {
    await spreadAttack('burst', loginAttemptsPerUsername);
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => attempt(t, 'burst', `burst-${i}`, proxy('203.0.113.90'))));
    expect(answers.every((r) => r.statusCode === 429)).toBe(true);
    expect(await failedRows('203.0.113.90|burst')).toBeLessThanOrEqual(1);
  });

  it('counts an IPv6 client by its /64: a new address in a guessing network is not clean', async () => {
    expect(clientNetwork('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(clientNetwork('2001:0db8:0001:0002:0:0:0:99')).toBe('2001:db8:1:2::/64');
    expect(clientNetwork('::ffff:192.0.2.5')).toBe('192.0.2.5');
    expect(clientNetwork('192.0.2.5')).toBe('192.0.2.5');
    await spreadAttack('six', loginAttemptsPerUsername);
    expect((await attempt(t, 'six', 'guess', proxy('2001:db8:1:2::1'))).statusCode).toBe(429);
    expect((await attempt(t, 'six', 'six', proxy('2001:db8:1:2::99'))).statusCode).toBe(429);
    expect((await attempt(t, 'six', 'six', proxy('2001:db8:1:3::1'))).statusCode).toBe(200);
  });

  it('lets a browser that signed in before in after its own typo past the ceiling, and no other', async () => {
    const first = await attempt(t, 'typist', 'typist', proxy('192.0.2.20'));
    const known = first.cookies.find((c) => c.name === 'computing_known_browser');
    expect(known?.httpOnly).toBe(true);
    expect(known?.value).not.toContain('typist');
    const browser = `computing_known_browser=${known!.value}`;
    const otherUsers = `computing_known_browser=${(await attempt(t, 'other', 'other', proxy('192.0.2.21'))).cookies.find((c) => c.name === 'computing_known_browser')!.value}`;
    await spreadAttack('typist', loginAttemptsPerUsername);
    expect((await attempt(t, 'typist', 'typo', proxy('192.0.2.20', browser))).statusCode).toBe(429);
    // Its address has failed now: without the cookie, or with another user's, it is refused …
    expect((await attempt(t, 'typist', 'typist', proxy('192.0.2.20'))).statusCode).toBe(429);
    expect((await attempt(t, 'typist', 'typist', proxy('192.0.2.20', otherUsers))).statusCode).toBe(429);
    expect((await attempt(t, 'typist', 'typist', proxy('192.0.2.20', 'computing_known_browser=forged.value'))).statusCode).toBe(429);
    // … with its own browser's cookie it is checked.
    expect((await attempt(t, 'typist', 'typist', proxy('192.0.2.20', browser))).statusCode).toBe(200);
  });

  it('answers a known and an unknown username alike, with one password check each', async () => {
    const scrypt = jest.spyOn(crypto, 'scrypt');
    try {
      const answers: Record<string, { status: number[]; clean: unknown; refused: unknown; checks: number[] }> = {};
      for (const [username, network] of [['owner', 53], ['nobody', 54]] as const) {
        await t.ctx.db.deleteFrom('login_attempts').execute();
        const status = await spreadAttack(username, loginAttemptsPerUsername + 3, network);
        scrypt.mockClear();
        const clean = await attempt(t, username, 'guess', proxy('203.0.113.5'));
        const afterClean = scrypt.mock.calls.length;
        scrypt.mockClear();
        const refused = await attempt(t, username, 'guess', proxy('203.0.113.5'));
        answers[username] = { status, clean: clean.json(), refused: refused.json(), checks: [afterClean, scrypt.mock.calls.length] };
      }
      expect(answers.nobody).toEqual(answers.owner);
      expect(answers.owner.checks).toEqual([1, 0]);
      expect(answers.owner.clean).toEqual({ status: { code: 429, message: 'Too many login attempts; try again in a few minutes', key: 'tooManyLoginAttempts' } });
    } finally {
      scrypt.mockRestore();
    }
  });
});

describe('password spraying from one network (docs/decisions/0620-password-spraying-and-check-cap.md)', () => {
  let t: TestApp;
  const proxy = (forwardedFor: string, cookie?: string): From => ({ remoteAddress: '127.0.0.1', forwardedFor, cookie });
  const knownBrowserOf = (res: Awaited<ReturnType<typeof attempt>>) => `computing_known_browser=${res.cookies.find((c) => c.name === 'computing_known_browser')!.value}`;

  /** One wrong password tried over many usernames, known and unknown in turn, from one network. */
  async function spray(from: (i: number) => string, count: number) {
    const answers: { status: number; body: unknown }[] = [];
    for (let i = 0; i < count; i += 1) {
      const username = i % 2 === 0 ? `sprayed${i % 10}` : `nobody${i}`;
      const res = await attempt(t, username, 'Summer2026!', proxy(from(i)));
      answers.push({ status: res.statusCode, body: res.json() });
    }
    return answers;
  }

  beforeAll(async () => {
    t = await startTestApp({ seed: false, schemas, config: { trustProxy: ['127.0.0.1'] } });
    for (let i = 0; i < 10; i += 1) await addUser(t.ctx, `sprayed${i}`);
    await addUser(t.ctx, 'owner');
    await addUser(t.ctx, 'natted');
  });
  afterAll(() => t.close());
  beforeEach(() => t.ctx.db.deleteFrom('login_attempts').execute());

  it(`refuses a network with 429 after ${loginAttemptsPerNetwork} failures over any usernames, while another network signs in`, async () => {
    const answers = await spray(() => '203.0.113.44', loginAttemptsPerNetwork + 20);
    expect(answers.slice(0, loginAttemptsPerNetwork).every((a) => a.status === 401)).toBe(true);
    expect(answers.slice(loginAttemptsPerNetwork).every((a) => a.status === 429)).toBe(true);
    // Past the limit the sprayer's right guess is refused too; the owner elsewhere is not.
    expect((await attempt(t, 'sprayed3', 'sprayed3', proxy('203.0.113.44'))).statusCode).toBe(429);
    expect((await attempt(t, 'owner', 'owner', proxy('192.0.2.30'))).statusCode).toBe(200);
    expect((await attempt(t, 'sprayed3', 'sprayed3', proxy('192.0.2.31'))).statusCode).toBe(200);
  });

  it('answers known and unknown usernames alike before and past the network limit', async () => {
    const answers = await spray(() => '203.0.113.45', loginAttemptsPerNetwork + 4);
    const known = answers.filter((_, i) => i % 2 === 0);
    const unknown = answers.filter((_, i) => i % 2 === 1);
    expect(known.map((a) => a.status)).toEqual(unknown.map((a) => a.status));
    expect(known.map((a) => a.body)).toEqual(unknown.map((a) => a.body));
    expect(answers[0].body).toEqual({ status: { code: 401, message: 'Invalid username or password', key: 'loginFailed' } });
    expect(answers.at(-1)!.body).toEqual({ status: { code: 429, message: 'Too many login attempts; try again in a few minutes', key: 'tooManyLoginAttempts' } });
  });

  it('counts an IPv6 sprayer by its /64, whatever address of it each guess comes from', async () => {
    const answers = await spray((i) => `2001:db8:7:8::${(i + 1).toString(16)}`, loginAttemptsPerNetwork + 3);
    expect(answers.slice(loginAttemptsPerNetwork).every((a) => a.status === 429)).toBe(true);
    expect((await attempt(t, 'owner', 'owner', proxy('2001:db8:7:9::1'))).statusCode).toBe(200);
  });

  it('refuses a refused network again without database work, until its failures leave the window', async () => {
    await spray(() => '203.0.113.46', loginAttemptsPerNetwork + 1);
    const written = jest.spyOn(t.ctx.db, 'insertInto');
    try {
      const known = await attempt(t, 'sprayed4', 'sprayed4', proxy('203.0.113.46'));
      const unknown = await attempt(t, 'nobody-else', 'sprayed4', proxy('203.0.113.46'));
      expect([known.statusCode, unknown.statusCode]).toEqual([429, 429]);
      expect(known.json()).toEqual(unknown.json());
      expect(written).not.toHaveBeenCalled();
    } finally {
      written.mockRestore();
    }
    // The database's window decides when it ends, in this process too.
    const later = jest.spyOn(Date, 'now').mockReturnValue(Date.now() + (loginWindowMinutes + 1) * 60_000);
    try {
      expect((await attempt(t, 'sprayed4', 'sprayed4', proxy('203.0.113.46'))).statusCode).toBe(200);
    } finally {
      later.mockRestore();
    }
  });

  it('still lets a user in from the sprayed network with the browser they signed in with before', async () => {
    const browser = knownBrowserOf(await attempt(t, 'natted', 'natted', proxy('198.18.0.1')));
    await spray(() => '198.18.0.1', loginAttemptsPerNetwork);
    expect((await attempt(t, 'natted', 'natted', proxy('198.18.0.1'))).statusCode).toBe(429);
    expect((await attempt(t, 'natted', 'natted', proxy('198.18.0.1', browser))).statusCode).toBe(200);
  });
});

describe('the cap on password checks running at once (docs/decisions/0620-password-spraying-and-check-cap.md)', () => {
  let t: TestApp;
  const proxy = (forwardedFor: string): From => ({ remoteAddress: '127.0.0.1', forwardedFor });
  beforeAll(async () => {
    t = await startTestApp({ seed: false, schemas, config: { trustProxy: ['127.0.0.1'], loginChecks: { atOnce: 1, waiting: 3, perNetwork: 3 } } });
    await addUser(t.ctx, 'staffer', { is_staff: true });
  });
  afterAll(() => t.close());

  it('queues a flood from one network behind the others, refuses its excess unchecked and a full queue with 503', async () => {
    // Each password check is held until released, so what waits where is certain.
    const held: { password: string; go: () => void }[] = [];
    const real = crypto.scrypt;
    const scrypt = jest.spyOn(crypto, 'scrypt').mockImplementation(((password: string, ...rest: unknown[]) => {
      held.push({ password: String(password), go: () => (real as (...a: unknown[]) => void)(password, ...rest) });
    }) as typeof crypto.scrypt);
    const gate = passwordCheckGate(t.ctx);
    const until = async (test: () => boolean) => {
      while (!test()) await new Promise((resolve) => setImmediate(resolve));
    };
    try {
      const flood = [0, 1, 2].map((i) => attempt(t, `flood${i}`, `flood-${i}`, proxy('203.0.113.60')));
      await until(() => gate.load.running === 1 && gate.load.waiting === 2);
      // The flood's network has its share of sign-ins in progress: its next is refused at once, unchecked.
      const excess = await attempt(t, 'flood3', 'flood-3', proxy('203.0.113.60'));
      expect(excess.statusCode).toBe(429);
      expect(excess.json().status.key).toBe('tooManyLoginAttempts');
      const staff = attempt(t, 'staffer', 'staffer', proxy('192.0.2.40'));
      await until(() => gate.load.waiting === 3);
      // The queue is full: any network is told to come back, before its check.
      const busy = await attempt(t, 'staffer', 'staffer', proxy('192.0.2.41'));
      expect(busy.statusCode).toBe(503);
      expect(busy.json().status).toEqual({ code: 503, message: 'Too many sign-ins are being checked right now; try again in a moment', key: 'loginBusy' });
      // Released one by one: the staff member's check comes before the flood's last.
      const order: string[] = [];
      while (order.length < 4) {
        await until(() => held.length > order.length);
        const next = held[order.length];
        order.push(next.password);
        next.go();
      }
      // Which of the flood's three reaches the gate first is the database's doing (their user
      // lookups run side by side); where the staff member's check comes is the gate's.
      expect(order.map((password) => (password.startsWith('flood-') ? 'flood' : password))).toEqual(['flood', 'flood', 'staffer', 'flood']);
      expect(order.filter((password) => password !== 'staffer').sort()).toEqual(['flood-0', 'flood-1', 'flood-2']);
      expect((await staff).statusCode).toBe(200);
      expect((await Promise.all(flood)).map((r) => r.statusCode)).toEqual([401, 401, 401]);
      expect(gate.load).toEqual({ running: 0, waiting: 0, signIns: 0 });
    } finally {
      scrypt.mockRestore();
    }
  });
});
