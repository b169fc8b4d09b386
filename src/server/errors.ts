/**
 * The error catalogue: every error the API answers with, by stable key. The key is also the i18n
 * key the client shows (`errors.<key>`); the message is the plain English fallback. Answers are
 * `{"status": {"code": <HTTP status>, "message": "...", "key": "..."}}`.
 */
export const ERRORS = {
  badRequest: { status: 400, message: 'Bad request' },
  invalidOib: { status: 400, message: 'An OIB is exactly 11 digits' },
  malformedJson: { status: 400, message: 'The request body is not valid JSON' },
  validationFailed: { status: 400, message: 'The request is not valid' },
  notAuthenticated: { status: 401, message: 'Authentication credentials were not provided' },
  loginFailed: { status: 401, message: 'Invalid username or password' },
  apiKeyInvalid: { status: 401, message: 'A valid API key is required: Authorization: Api-Key <prefix.secret>' },
  apiKeyScope: { status: 403, message: 'This API key is not allowed to make this call' },
  unknownCluster: { status: 400, message: 'Nonexisting resource' },
  usageRowInvalid: { status: 400, message: 'A usage record is not valid' },
  csrfFailed: { status: 403, message: 'CSRF token missing or incorrect' },
  forbidden: { status: 403, message: 'You are not allowed to do this' },
  crossSiteRefused: { status: 403, message: 'This link must be opened from the portal itself; open the invitation from your e-mail in the portal' },
  notFound: { status: 404, message: 'Not found' },
  methodNotAllowed: { status: 405, message: 'Method not allowed' },
  conflict: { status: 409, message: 'Conflict' },
  payloadTooLarge: { status: 413, message: 'The request body is too large' },
  uriTooLong: { status: 414, message: 'A part of the URL is too long' },
  unsupportedMediaType: { status: 415, message: 'Unsupported content type; send application/json' },
  tooManyLoginAttempts: { status: 429, message: 'Too many login attempts; try again in a few minutes' },
  tooManyInvitations: { status: 429, message: 'Too many invitations sent in the last hour' },
  registryUnavailable: { status: 502, message: 'The research registry cannot be reached' },
  federationUnavailable: { status: 503, message: 'The identity federation cannot be reached' },
  clientNotBuilt: { status: 503, message: 'The web client is not built yet; run `npm run build`' },
  internal: { status: 500, message: 'Internal server error' },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorKey = keyof typeof ERRORS;

/** An error the API answers with its catalogue status and key; `message` may add detail. */
export class ApiError extends Error {
  readonly key: ErrorKey;
  readonly statusCode: number;
  readonly extra?: Record<string, unknown>;

  constructor(key: ErrorKey, message?: string, extra?: Record<string, unknown>) {
    super(message ?? ERRORS[key].message);
    this.key = key;
    this.statusCode = ERRORS[key].status;
    this.extra = extra;
  }
}

/** The JSON body of an error answer. */
export function errorBody(key: ErrorKey, message: string = ERRORS[key].message, extra?: Record<string, unknown>) {
  return { status: { code: ERRORS[key].status, message, key }, ...extra };
}
