import crypto from 'node:crypto';
import { hashPassword, needsRehash, scryptCost, verifyPassword } from '../../../src/server/users/passwords';

/*
 * Django hashes as the previous portal stores them (`pbkdf2_<digest>$<iterations>$<salt>$<hash b64>`).
 * The first two are Django's own test vectors (its test suite, 5.1 and 4.2), the others fixed
 * strings made once with Python's hashlib.pbkdf2_hmac exactly as Django's hasher does.
 */
const DJANGO_51_SHA256 = 'pbkdf2_sha256$870000$seasalt$wJSpLMQRQz0Dhj/pFpbyjMj71B2gUYp6HJS5AU+32Ac='; // 'lètmein'
const DJANGO_42_SHA1 = 'pbkdf2_sha1$600000$seasalt2$2CLsaL1MZhq6JOG6QOHtVbiopHE='; // 'lètmein'
// 'lozinka-Šećer 1'
const SHA256_CROATIAN = 'pbkdf2_sha256$870000$Xk3vQ9mT2pLr8sWz4yBn6c$u4t3gVFLLfoyam9v4LM6TQrGDFha9lJ2VwloyaVa7AY=';
const SHA256_FAST = 'pbkdf2_sha256$1000$a1B2c3D4e5F6g7H8i9J0kL$TmcR2duSjBp1TzVIcrlPBpejpEHY2SH2/a+l0UGX+6Y='; // 'korisnik'
const SHA1_FAST = 'pbkdf2_sha1$1000$oldsalt1234$VkMExSKAmJJFYxbPnFU+MPkPcUA='; // 'staraLozinka'
const SHA256_EMPTY = 'pbkdf2_sha256$1000$emptysalt$Th/GgYSDV3N4Zpkx3TpFlR/PPyCUSrZ7QQFwKxyd/oo='; // ''

describe('verifyPassword with our scrypt hashes', () => {
  it('accepts the password and refuses another one', async () => {
    const stored = await hashPassword('tajna lozinka');
    expect(stored).toMatch(new RegExp(`^scrypt\\$${scryptCost()}\\$[\\w+/]+=*\\$[\\w+/]+=*$`));
    await expect(verifyPassword('tajna lozinka', stored)).resolves.toBe(true);
    await expect(verifyPassword('tajna lozinka!', stored)).resolves.toBe(false);
  });

  it('refuses every password when there is no hash', async () => {
    await expect(verifyPassword('', null)).resolves.toBe(false);
    await expect(verifyPassword('x', undefined)).resolves.toBe(false);
    await expect(verifyPassword('x', '')).resolves.toBe(false);
  });
});

describe('verifyPassword with Django hashes', () => {
  it("accepts Django's own pbkdf2_sha256 and pbkdf2_sha1 vectors", async () => {
    await expect(verifyPassword('lètmein', DJANGO_51_SHA256)).resolves.toBe(true);
    await expect(verifyPassword('lètmeinz', DJANGO_51_SHA256)).resolves.toBe(false);
    await expect(verifyPassword('lètmein', DJANGO_42_SHA1)).resolves.toBe(true);
    await expect(verifyPassword('letmein', DJANGO_42_SHA1)).resolves.toBe(false);
  });

  it('uses the password and the salt as UTF-8 text', async () => {
    await expect(verifyPassword('lozinka-Šećer 1', SHA256_CROATIAN)).resolves.toBe(true);
    await expect(verifyPassword('lozinka-Secer 1', SHA256_CROATIAN)).resolves.toBe(false);
  });

  it('checks fixed vectors of a small iteration count', async () => {
    await expect(verifyPassword('korisnik', SHA256_FAST)).resolves.toBe(true);
    await expect(verifyPassword('Korisnik', SHA256_FAST)).resolves.toBe(false);
    await expect(verifyPassword('staraLozinka', SHA1_FAST)).resolves.toBe(true);
    await expect(verifyPassword('staralozinka', SHA1_FAST)).resolves.toBe(false);
    await expect(verifyPassword('', SHA256_EMPTY)).resolves.toBe(true);
    await expect(verifyPassword(' ', SHA256_EMPTY)).resolves.toBe(false);
  });

  it('refuses when any part of the hash differs', async () => {
    const [, iterations, salt, hash] = SHA256_FAST.split('$');
    await expect(verifyPassword('korisnik', `pbkdf2_sha256$1001$${salt}$${hash}`)).resolves.toBe(false);
    await expect(verifyPassword('korisnik', `pbkdf2_sha256$${iterations}$${salt}x$${hash}`)).resolves.toBe(false);
    await expect(verifyPassword('korisnik', `pbkdf2_sha1$${iterations}$${salt}$${hash}`)).resolves.toBe(false);
    await expect(verifyPassword('korisnik', `pbkdf2_sha256$${iterations}$${salt}$${hash.slice(0, 20)}`)).resolves.toBe(false);
    await expect(verifyPassword('korisnik', `${SHA256_FAST}$`)).resolves.toBe(false);
  });

  it("never accepts Django's unusable passwords, other hashers or damaged rows", async () => {
    const refused = [
      '!',
      '!Vq7Qk1rXb0cS3nT9mL2pW8yZ4aD6fH5jG1eK0uR',
      `!${SHA256_FAST}`,
      'argon2$argon2id$v=19$m=102400,t=2,p=8$c29tZXNhbHQ$9dwFqWgGIlUMnl2bKbKV7A',
      'bcrypt_sha256$$2b$12$LCO8rIU6R6d6TLgk1Bm7ae8fh1jdcP2fqmRPuUSWXJ9TIZdSqS66a',
      'md5$seasalt$f5531bef9f3687d0ccf0f617f0e25573',
      'pbkdf2_sha512$1000$salt$AAAA',
      'pbkdf2_sha256$0$a1B2c3D4e5F6g7H8i9J0kL$TmcR2duSjBp1TzVIcrlPBpejpEHY2SH2/a+l0UGX+6Y=',
      'pbkdf2_sha256$-1000$a1B2c3D4e5F6g7H8i9J0kL$TmcR2duSjBp1TzVIcrlPBpejpEHY2SH2/a+l0UGX+6Y=',
      'pbkdf2_sha256$99999999999$a1B2c3D4e5F6g7H8i9J0kL$TmcR2duSjBp1TzVIcrlPBpejpEHY2SH2/a+l0UGX+6Y=',
      'pbkdf2_sha256$1000$$TmcR2duSjBp1TzVIcrlPBpejpEHY2SH2/a+l0UGX+6Y=',
      'scrypt$abc$AAAA$AAAA',
      'not a hash',
    ];
    for (const stored of refused) await expect(verifyPassword('korisnik', stored)).resolves.toBe(false);
  });
});

describe('verifyPassword timing', () => {
  afterEach(() => jest.restoreAllMocks());

  it('runs one scrypt for a missing, unusable or unknown hash, as for a known user', async () => {
    const scrypt = jest.spyOn(crypto, 'scrypt');
    const pbkdf2 = jest.spyOn(crypto, 'pbkdf2');
    const unknown = [
      null,
      '!Vq7Qk1rXb0cS3nT9mL2pW8yZ4aD6fH5jG1eK0uR',
      'argon2$argon2id$v=19$m=102400,t=2,p=8$c29tZXNhbHQ$9dwFqWgGIlUMnl2bKbKV7A',
    ];
    for (const stored of unknown) {
      scrypt.mockClear();
      await verifyPassword('korisnik', stored);
      expect(scrypt).toHaveBeenCalledTimes(1);
    }
    expect(pbkdf2).not.toHaveBeenCalled();
  });

  it('checks a Django hash with the asynchronous pbkdf2 alone', async () => {
    const scrypt = jest.spyOn(crypto, 'scrypt');
    const pbkdf2 = jest.spyOn(crypto, 'pbkdf2');
    const pbkdf2Sync = jest.spyOn(crypto, 'pbkdf2Sync');
    await expect(verifyPassword('korisnik', SHA256_FAST)).resolves.toBe(true);
    expect(pbkdf2).toHaveBeenCalledTimes(1);
    expect(pbkdf2.mock.calls[0].slice(2, 5)).toEqual([1000, 32, 'sha256']);
    expect(scrypt).not.toHaveBeenCalled();
    expect(pbkdf2Sync).not.toHaveBeenCalled();
  });
});

describe('scryptCost', () => {
  it('is 2^14 for a server in any environment but a test run, where it is 2^10', () => {
    expect(scryptCost({})).toBe(16384);
    expect(scryptCost({ NODE_ENV: 'production' })).toBe(16384);
    expect(scryptCost({ NODE_ENV: 'development' })).toBe(16384);
    expect(scryptCost({ NODE_ENV: 'test' })).toBe(1024);
  });
});

describe('needsRehash', () => {
  it('keeps our current scrypt hashes', async () => {
    expect(needsRehash(await hashPassword('x'))).toBe(false);
  });

  it('asks to replace Django hashes, other costs and anything else', () => {
    expect(needsRehash(DJANGO_51_SHA256)).toBe(true);
    expect(needsRehash(SHA1_FAST)).toBe(true);
    const key = Buffer.alloc(64).toString('base64');
    const salt = Buffer.alloc(16).toString('base64');
    const cost = scryptCost();
    expect(needsRehash(`scrypt$${cost}$${salt}$${key}`)).toBe(false);
    expect(needsRehash(`scrypt$${cost / 2}$${salt}$${key}`)).toBe(true);
    expect(needsRehash(`scrypt$${cost * 2}$${salt}$${key}`)).toBe(true);
    expect(needsRehash(`scrypt$${cost}$${salt}$${Buffer.alloc(32).toString('base64')}`)).toBe(true);
    expect(needsRehash(`scrypt$${cost}$${salt}$${key}$`)).toBe(true);
    expect(needsRehash('!unusable')).toBe(true);
    expect(needsRehash(null)).toBe(true);
    expect(needsRehash(undefined)).toBe(true);
  });
});
