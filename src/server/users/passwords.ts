import { pbkdf2, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

const KEY_LENGTH = 64;
const SALT_LENGTH = 16;
/**
 * scrypt's cost N for a new hash, from the environment the process runs in: 2^14 everywhere but a
 * test run (`NODE_ENV=test`: jest sets it, and the test harness sets it for the portals it starts),
 * where it is 2^10. The tests check who may sign in, not how slow a guess is, and the full cost was
 * most of the time of the tests that sign in often (the login limits' 34 s of 48); a hash keeps its
 * own cost, so one made at either verifies anywhere, and `needsRehash` brings a test hash up to the
 * full cost the first time a real server checks it.
 */
export function scryptCost(env: NodeJS.ProcessEnv = process.env): number {
  return env.NODE_ENV === 'test' ? 1024 : 16384;
}

const COST = scryptCost();

function derive(password: string, salt: Buffer, cost: number): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password, salt, KEY_LENGTH, { N: cost, r: 8, p: 1, maxmem: 64 * 1024 * 1024 }, (err, key) =>
      err ? reject(err) : resolve(key),
    ),
  );
}

/** Hashes a password with scrypt as `scrypt$<N>$<salt b64>$<hash b64>`. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const key = await derive(password, salt, COST);
  return `scrypt$${COST}$${salt.toString('base64')}$${key.toString('base64')}`;
}

/**
 * Hashes brought over from the previous (Django) portal: `pbkdf2_<digest>$<iterations>$<salt>$<hash b64>`,
 * the salt used as UTF-8 text, the key as long as the digest. Django's other hashers (argon2,
 * bcrypt_sha256, …) and its unusable passwords (`!…`) never verify.
 */
const DJANGO_PBKDF2 = new Map<string, { digest: string; keyLength: number }>([
  ['pbkdf2_sha256', { digest: 'sha256', keyLength: 32 }],
  ['pbkdf2_sha1', { digest: 'sha1', keyLength: 20 }],
]);

/** Far above any Django default (1,000,000 in 5.2): a damaged row cannot stall a login. */
const MAX_PBKDF2_ITERATIONS = 10_000_000;

/** A stored hash taken apart: the key it holds and how to derive one from a password. */
interface StoredHash {
  expected: Buffer;
  derive(password: string): Promise<Buffer>;
}

function parseHash(stored: string): StoredHash | null {
  const parts = stored.split('$');
  if (parts.length !== 4) return null;
  const [scheme, cost, salt, hash] = parts;
  if (!/^[1-9]\d{0,9}$/.test(cost) || !salt || !hash) return null;
  const expected = Buffer.from(hash, 'base64');
  if (scheme === 'scrypt') return { expected, derive: (password) => derive(password, Buffer.from(salt, 'base64'), Number(cost)) };
  const django = DJANGO_PBKDF2.get(scheme);
  const iterations = Number(cost);
  if (!django || iterations > MAX_PBKDF2_ITERATIONS) return null;
  return {
    expected,
    derive: (password) =>
      new Promise((resolve, reject) =>
        pbkdf2(
          Buffer.from(password, 'utf8'),
          Buffer.from(salt, 'utf8'),
          iterations,
          django.keyLength,
          django.digest,
          (err, key) => (err ? reject(err) : resolve(key)),
        ),
      ),
  };
}

const DUMMY_HASH = parseHash(
  `scrypt$${COST}$${Buffer.alloc(SALT_LENGTH).toString('base64')}$${Buffer.alloc(KEY_LENGTH).toString('base64')}`,
)!;

/**
 * Checks a password against a stored hash (ours, scrypt, or a Django pbkdf2_sha256 / pbkdf2_sha1 one)
 * in constant time. A missing, unusable or unknown hash still costs one scrypt run, so response
 * times do not tell which usernames exist. A Django hash costs its own iterations (more than our
 * scrypt); `needsRehash` tells the caller to replace it after the first successful check.
 */
export async function verifyPassword(password: string, stored: string | null | undefined): Promise<boolean> {
  const parsed = stored ? parseHash(stored) : null;
  const check = parsed ?? DUMMY_HASH;
  const actual = await check.derive(password);
  return parsed !== null && check.expected.length === actual.length && timingSafeEqual(check.expected, actual);
}

/** Whether a stored hash is anything but our current scheme and cost (ask after a successful check). */
export function needsRehash(stored: string | null | undefined): boolean {
  const [scheme, cost, salt, hash, ...rest] = (stored ?? '').split('$');
  return !(
    scheme === 'scrypt' &&
    cost === String(COST) &&
    rest.length === 0 &&
    Buffer.from(salt ?? '', 'base64').length === SALT_LENGTH &&
    Buffer.from(hash ?? '', 'base64').length === KEY_LENGTH
  );
}
