import { paths, UI_ROOT } from '@/schema-runtime/pages';
/** Where a sign-in lands when it was given no target, or one that is not a page of this portal. */
export const LANDING_PAGE = paths.saml2LoginRedirect.href;

/** Characters a target may carry as written: printable ASCII without backslash, quotes, `<`, `>` or space. */
const ALLOWED = /^[A-Za-z0-9\-._~/?#[\]@!$&'()*+,;=%:]*$/;
const MAX_LENGTH = 2048;
/** Any origin: only used to let the URL parser resolve dot segments, never sent anywhere. */
const PARSE_BASE = 'http://portal.invalid';

/** Decodes percent-encoding until nothing changes (three rounds at most); null when it is malformed. */
function fullyDecoded(value: string): string | null {
  let current = value;
  for (let round = 0; round < 3; round += 1) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      return null;
    }
    if (next === current) return current;
    current = next;
  }
  return current;
}

/**
 * The one gate for redirect targets that come from a request (`next` of login/, RelayState of an
 * identity provider's answer): a path of this portal's client, `/ui/…`, or else `fallback`.
 * Refused, whatever their encoding: absolute and protocol-relative URLs (`https://…`, `//host`,
 * `/\host`, `%2F%2Fhost`, `/%5Chost`), control characters and white space (tabs or newlines inside
 * a path), backslashes, dot segments (`/ui/../api`, `/ui/%2e%2e/api`) and encoded slashes in the path.
 * The answer is the parsed, re-serialised path, query and fragment, so it always starts with `/ui/`.
 */
export function portalPath(target: unknown, fallback = LANDING_PAGE): string {
  if (typeof target !== 'string' || target.length > MAX_LENGTH || !ALLOWED.test(target)) return fallback;
  if (!target.startsWith(UI_ROOT)) return fallback;
  const pathEnd = target.search(/[?#]/);
  const rawPath = pathEnd === -1 ? target : target.slice(0, pathEnd);
  const decodedPath = fullyDecoded(rawPath);
  // The path as any later reader may decode it: no backslash, control character, empty or dot segment.
  if (decodedPath === null || /[\\\s\u0000-\u001f\u007f]/.test(decodedPath)) return fallback;
  if (decodedPath.includes('//') || /(^|\/)\.{1,2}(\/|$)/.test(decodedPath)) return fallback;
  if (/%2f|%5c/i.test(rawPath) || fullyDecoded(target) === null) return fallback;
  let url: URL;
  try {
    url = new URL(target, PARSE_BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== PARSE_BASE || !url.pathname.startsWith(UI_ROOT) || url.pathname.startsWith(`${UI_ROOT}/`)) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}
