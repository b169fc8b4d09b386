import { ERROR_TEXTS_HR } from './i18n/error-texts';
import { renderMessage, type Language, type MessageKey, type MessageParams } from './i18n/messages';

/**
 * The error catalogue: every error the API answers with, by stable key. The key is also the i18n
 * key the client shows (`errors.<key>`); the message is the plain English fallback. Answers are
 * `{"status": {"code": <HTTP status>, "message": "...", "key": "..."}}`. The message is answered in
 * the caller's language (`i18n/language.ts`): the Croatian texts are in `i18n/error-texts.ts`, the
 * texts of detailed messages in `i18n/messages.ts`.
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

/** A message in both languages, rendered in the caller's language when the error is answered. */
export interface LocalText {
  render(lang: Language): string;
}

/** Names a catalogue message for an {@link ApiError}: `new ApiError('conflict', msg('keyNameTaken'))`. */
export function msg(text: MessageKey, params?: MessageParams): LocalText {
  return { render: (lang) => renderMessage(text, lang, params) };
}

/** A message composed per language (e.g. a list of validation issues, each in the caller's language). */
export function localText(render: (lang: Language) => string): LocalText {
  return { render };
}

/** The text of a catalogue error in a language. */
export function errorText(key: ErrorKey, lang: Language): string {
  return lang === 'hr' ? ERROR_TEXTS_HR[key] : ERRORS[key].message;
}

/** An error the API answers with its catalogue status and key; the message may add detail. */
export class ApiError extends Error {
  readonly key: ErrorKey;
  readonly statusCode: number;
  readonly extra?: Record<string, unknown>;
  /** The catalogue message, when the error has one; `message` is its English text. */
  readonly text?: LocalText;

  constructor(key: ErrorKey, message?: string | LocalText, extra?: Record<string, unknown>) {
    super(typeof message === 'object' ? message.render('en') : (message ?? ERRORS[key].message));
    this.key = key;
    this.statusCode = ERRORS[key].status;
    this.extra = extra;
    if (typeof message === 'object') this.text = message;
  }

  /** The message in a language; a free-text message (no catalogue text) stays as written. */
  messageIn(lang: Language): string {
    if (this.text) return this.text.render(lang);
    return this.message === ERRORS[this.key].message ? errorText(this.key, lang) : this.message;
  }
}

/** The JSON body of an error answer. */
export function errorBody(key: ErrorKey, message: string = ERRORS[key].message, extra?: Record<string, unknown>) {
  return { status: { code: ERRORS[key].status, message, key }, ...extra };
}

/** The JSON body of an error answer in a language: the catalogue message when given, else the error's own text. */
export function localErrorBody(key: ErrorKey, lang: Language, text?: LocalText, extra?: Record<string, unknown>) {
  return errorBody(key, text ? text.render(lang) : errorText(key, lang), extra);
}
