/**
 * Sign-in and sign-out. Sign-in with username and password (POST /auth/login/): the attempt limits per client network
 * and username, per username, per client network over all usernames and per known browser, the password check
 * (capped per process, services/password-checks.ts; upgrading an older hash to the current one), and the new
 * session replacing the caller's old one.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { LoginBody } from '@generated';
import type { AppContext } from '../context';
import { ApiError } from '../errors';
import { hashPassword, needsRehash, verifyPassword } from '../users/passwords';
import { clientNetwork } from './client-network';
import { createSession, deleteSession, randomToken, sessionDaysOf } from './sessions';
import { passwordCheckGate } from '../users/password-checks';
import { refusedNetworks } from './refused-networks';
import { clearLoginAttempts, deleteLoginAttempts, loginAttemptCounts, nthLatestLoginAttempt, recordLoginAttempts } from './queries';
import { recordLogin, replacePasswordHash, userByUsername } from '@/server/users/queries';

/** How long a browser stays known as one its user signed in from with a password (the known-browser cookie). */
export const KNOWN_BROWSER_DAYS = 180;

/** The caller of a password login: its address, its browser's User-Agent and the known-browser cookie it sent, if any. */
export interface LoginClient {
  ip: string;
  userAgent?: string;
  knownBrowser?: string;
}

function browserMac(ctx: AppContext, id: string, name: string): Buffer {
  return createHmac('sha256', ctx.config.sessionSecret).update(`known-browser\0${id}\0${name}`).digest();
}

/**
 * The id of the browser's known-browser cookie when it proves an earlier password login as this
 * username (`<id>.<HMAC of id and username>` under the session secret: it cannot be made without
 * that login, and it does not say which username it is for); null otherwise.
 */
function knownBrowserId(ctx: AppContext, cookie: string | undefined, name: string): string | null {
  const match = cookie ? /^([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/.exec(cookie) : null;
  if (!match) return null;
  const sent = Buffer.from(match[2], 'base64url');
  const expected = browserMac(ctx, match[1], name);
  return sent.length === expected.length && timingSafeEqual(sent, expected) ? match[1] : null;
}

/**
 * Checks the credentials and opens a session; throws `tooManyLoginAttempts` or `loginFailed`.
 *
 * Failed logins are counted per client network and username (`loginAttemptsPerWindow`: then that
 * network is refused, even with the right password), per username over all networks
 * (`loginAttemptsPerUsername`) and per known browser and username. The per-username ceiling
 * refuses only clients that failed themselves: past it, a network without failures for this
 * username, or a browser that signed in as this user before and has not used up its own attempts,
 * still has its password checked — the right one signs in, a wrong one counts and is refused with
 * the same 429. So failures spread over many networks cost the attacker a fresh network per guess
 * and never keep the owner out (docs/decisions/0240-login-throttling-and-https.md). Failures of
 * one network over all usernames are counted too (`loginAttemptsPerNetwork`): past that, the
 * network is refused unchecked — password spraying — except for a browser that signed in as this
 * user before and has not used up its own attempts (docs/decisions/0620-password-spraying-and-check-cap.md).
 * Every path runs the same queries and one password check for known and unknown usernames alike.
 *
 * @param previousSessionId - the caller's current session, ended on success
 * @returns the new session's cookie token and expiry, and the known-browser cookie to set
 */
export async function passwordLogin(
  ctx: AppContext,
  body: LoginBody,
  client: LoginClient,
  previousSessionId: string | null,
  /** The web client's interface language (its cookie), remembered for the user's mails. */
  language?: string,
): Promise<{ token: string; expiresAt: Date; knownBrowser: string }> {
  // A network this process found spraying is refused again, until its failures leave the window,
  // before any database work; not a browser that proves an earlier sign-in as this username,
  // which the database lets through (the known-browser cookie is checked without the user row).
  const network = clientNetwork(client.ip);
  if (refusedNetworks(ctx).refuses(network) && !knownBrowserId(ctx, client.knownBrowser, body.username.toLowerCase())) throw new ApiError('tooManyLoginAttempts');
  // One network's sign-ins in progress are few: one more is refused before any database work.
  const leave = passwordCheckGate(ctx).enter(network);
  try {
    return await checkedLogin(ctx, body, client, previousSessionId, language);
  } finally {
    leave();
  }
}

async function checkedLogin(
  ctx: AppContext,
  { username, password }: LoginBody,
  client: LoginClient,
  previousSessionId: string | null,
  language: string | undefined,
): Promise<{ token: string; expiresAt: Date; knownBrowser: string }> {
  const { db, schemas } = ctx;
  const { loginAttemptsPerWindow, loginAttemptsPerUsername, loginAttemptsPerNetwork, loginWindowMinutes } = schemas.constants;
  const name = username.toLowerCase();
  const network = clientNetwork(client.ip);
  const perAddress = `${network}|${name}`;
  const perUsername = `user|${name}`;
  const perNetwork = `network|${network}`;
  const browser = knownBrowserId(ctx, client.knownBrowser, name);
  const perBrowser = browser ? `browser|${browser}|${name}` : null;
  const keys = [perAddress, perUsername, perNetwork, ...(perBrowser ? [perBrowser] : [])];
  // The attempt is written before the counters are read, so requests sent at once see each other:
  // a burst cannot pass a limit (or the "no failures" test) before the first of it is counted.
  // It stays as a failure when the password is wrong and is taken back otherwise.
  const attempt = await recordLoginAttempts(db, keys);
  const since = new Date(Date.now() - loginWindowMinutes * 60_000);
  const counts = await loginAttemptCounts(db, keys, since, attempt);
  const failed = (key: string | null) => counts.find((c) => c.key === key)?.n ?? 0;
  const knownBrowser = perBrowser !== null && failed(perBrowser) < loginAttemptsPerWindow;
  const cleanClient = failed(perAddress) === 0 || knownBrowser;
  const pastCeiling = failed(perUsername) >= loginAttemptsPerUsername;
  // A network spraying passwords over many usernames is refused for all of them; the owner's own
  // browser on that network (a shared NAT) still has its password checked.
  const sprayingNetwork = failed(perNetwork) >= loginAttemptsPerNetwork && !knownBrowser;
  // Refused unchecked: not a guess, so not a failure (a double click must not spoil a clean client).
  const refuseUnchecked = async (): Promise<never> => {
    await deleteLoginAttempts(db, attempt);
    throw new ApiError('tooManyLoginAttempts');
  };
  if (sprayingNetwork) {
    // Refused until the failure that keeps the network at its limit leaves the window: remembered
    // in this process, so the next attempts are refused before any database work.
    const limiting = await nthLatestLoginAttempt(db, perNetwork, since, attempt, loginAttemptsPerNetwork);
    if (limiting) refusedNetworks(ctx).refuse(network, new Date(limiting).getTime() + loginWindowMinutes * 60_000);
  }
  if (failed(perAddress) >= loginAttemptsPerWindow || (pastCeiling && !cleanClient) || sprayingNetwork) await refuseUnchecked();
  const user = await userByUsername(db, username);
  // At most a few checks run at once in this process, the networks taking turns; a full queue
  // is refused before the check, and the attempt is not counted.
  let ok: boolean;
  try {
    ok = await passwordCheckGate(ctx).run(network, () => verifyPassword(password, user?.password_hash));
  } catch (error) {
    await deleteLoginAttempts(db, attempt);
    throw error;
  }
  if (!user || !ok || !user.is_active) throw new ApiError(pastCeiling ? 'tooManyLoginAttempts' : 'loginFailed');
  // A successful login clears its own network's and browser's failures, never the username's.
  await clearLoginAttempts(db, attempt, perBrowser ? [perAddress, perBrowser] : [perAddress]);
  // A hash brought over from the previous portal (or of an older cost) becomes ours on its first
  // successful check; only if nobody changed the password meanwhile.
  const stored = user.password_hash;
  if (stored && needsRehash(stored)) await replacePasswordHash(db, user.id, stored, await hashPassword(password));
  if (previousSessionId) await deleteSession(db, previousSessionId);
  const session = await createSession(db, user.id, sessionDaysOf(ctx.config.sessions, user), null, undefined, client);
  const remembered = language === 'hr' || language === 'en' ? { language } : {};
  await recordLogin(db, user.id, remembered);
  const browserId = browser ?? randomToken(16);
  return { ...session, knownBrowser: `${browserId}.${browserMac(ctx, browserId, name).toString('base64url')}` };
}
