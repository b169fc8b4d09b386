import { scryptCost, verifyPassword } from '../../src/server/users/passwords';
import { cookiesOf, startTestApp, type TestApp } from '../../harness/test-app';

/*
 * Users brought over from the previous (Django) portal keep their password hashes: they sign in
 * with their old passwords, and the first successful sign-in replaces the hash with ours.
 * The hashes are fixed strings in Django's format (the first one from Django's own test suite).
 */
const DJANGO_SHA256 = 'pbkdf2_sha256$870000$seasalt$wJSpLMQRQz0Dhj/pFpbyjMj71B2gUYp6HJS5AU+32Ac='; // 'lètmein'
const DJANGO_SHA256_FAST = 'pbkdf2_sha256$1000$a1B2c3D4e5F6g7H8i9J0kL$TmcR2duSjBp1TzVIcrlPBpejpEHY2SH2/a+l0UGX+6Y='; // 'korisnik'
const DJANGO_SHA1_FAST = 'pbkdf2_sha1$1000$oldsalt1234$VkMExSKAmJJFYxbPnFU+MPkPcUA='; // 'staraLozinka'
const DJANGO_UNUSABLE = '!Vq7Qk1rXb0cS3nT9mL2pW8yZ4aD6fH5jG1eK0uR';
const DJANGO_ARGON2 = 'argon2$argon2id$v=19$m=102400,t=2,p=8$c29tZXNhbHQ$9dwFqWgGIlUMnl2bKbKV7A';

describe('sign-in with a password hash from the previous portal', () => {
  let t: TestApp;

  async function addImported(username: string, passwordHash: string, extra: Record<string, unknown> = {}) {
    await t.ctx.db
      .insertInto('users')
      .values({ username, password_hash: passwordHash, first_name: 'Marija', last_name: 'Kovač', ...extra })
      .execute();
  }

  async function storedHash(username: string): Promise<string | null> {
    const row = await t.ctx.db
      .selectFrom('users')
      .select('password_hash')
      .where('username', '=', username)
      .executeTakeFirstOrThrow();
    return row.password_hash;
  }

  async function login(username: string, password: string) {
    const anon = await t.anonymous();
    const res = await t.app.inject({
      method: 'POST',
      url: '/auth/login/',
      headers: { cookie: anon.cookie, 'x-csrftoken': anon.csrf },
      payload: { username, password },
    });
    return { res, cookie: cookiesOf(res, anon.cookie) };
  }

  function expectRefused(res: Awaited<ReturnType<typeof login>>['res']) {
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ status: { code: 401, message: 'Invalid username or password', key: 'loginFailed' } });
  }

  beforeAll(async () => {
    t = await startTestApp({ seed: false });
    await addImported('mkovac', DJANGO_SHA256);
    await addImported('ihorvat', DJANGO_SHA256_FAST);
    await addImported('pbabic', DJANGO_SHA1_FAST);
    await addImported('federated', DJANGO_UNUSABLE);
    await addImported('argon', DJANGO_ARGON2);
    await addImported('inactive', DJANGO_SHA256_FAST, { is_active: false });
  });
  afterAll(() => t.close());

  it('signs in with the old password and stores our hash in place of the Django one', async () => {
    const first = await login('mkovac', 'lètmein');
    expect(first.res.statusCode).toBe(200);
    const session = await t.app.inject({ method: 'GET', url: '/api/v1/sessionactive', headers: { cookie: first.cookie } });
    expect(session.json()).toMatchObject({ active: true, userdetails: { username: 'mkovac' } });

    const upgraded = await storedHash('mkovac');
    expect(upgraded).toMatch(new RegExp(`^scrypt\\$${scryptCost()}\\$`));
    await expect(verifyPassword('lètmein', upgraded)).resolves.toBe(true);

    const again = await login('mkovac', 'lètmein');
    expect(again.res.statusCode).toBe(200);
    expect(await storedHash('mkovac')).toBe(upgraded);
    expectRefused((await login('mkovac', 'letmein')).res);
  });

  it('refuses a wrong password with the usual answer and keeps the Django hash', async () => {
    expectRefused((await login('ihorvat', 'Korisnik')).res);
    expect(await storedHash('ihorvat')).toBe(DJANGO_SHA256_FAST);

    expect((await login('ihorvat', 'korisnik')).res.statusCode).toBe(200);
    expect(await storedHash('ihorvat')).toMatch(/^scrypt\$/);
    expectRefused((await login('ihorvat', 'Korisnik')).res);
    expect((await login('ihorvat', 'korisnik')).res.statusCode).toBe(200);
  });

  it('signs in with a pbkdf2_sha1 hash and upgrades it', async () => {
    expect((await login('pbabic', 'staraLozinka')).res.statusCode).toBe(200);
    expect(await storedHash('pbabic')).toMatch(/^scrypt\$/);
    expect((await login('pbabic', 'staraLozinka')).res.statusCode).toBe(200);
  });

  it('never signs in with an unusable password or a hash of another Django hasher', async () => {
    for (const password of ['x', DJANGO_UNUSABLE, DJANGO_UNUSABLE.slice(1), 'korisnik'])
      expectRefused((await login('federated', password)).res);
    expect(await storedHash('federated')).toBe(DJANGO_UNUSABLE);
    expectRefused((await login('argon', 'korisnik')).res);
    expect(await storedHash('argon')).toBe(DJANGO_ARGON2);
  });

  it('does not upgrade the hash of an inactive user', async () => {
    expectRefused((await login('inactive', 'korisnik')).res);
    expect(await storedHash('inactive')).toBe(DJANGO_SHA256_FAST);
  });
});
