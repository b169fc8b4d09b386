import { renderMessage, type Language, type MessageKey, type MessageParams, type Texts } from './i18n/messages';

/**
 * The error catalogue: every error the API answers with, by stable key, with its HTTP status and
 * its text in both languages (the shape of `MESSAGES` in `i18n/messages.ts`, which holds the
 * detailed messages). Answers are `{"status": {"code": <HTTP status>, "message": "...", "key": "..."}}`:
 * the key is what a caller may branch on, the message is in the caller's language
 * (`i18n/language.ts`); the web client shows the message as the server wrote it. Every key is listed
 * in the API reference of docs/deploy.md, and tests/unit/server/error-catalogue.test.ts holds the
 * two together.
 */
export const ERRORS = {
  badRequest: { status: 400, en: 'Bad request', hr: 'Neispravan zahtjev' },
  invalidOib: { status: 400, en: 'An OIB is exactly 11 digits', hr: 'OIB ima točno 11 znamenki' },
  malformedJson: { status: 400, en: 'The request body is not valid JSON', hr: 'Tijelo zahtjeva nije ispravan JSON' },
  validationFailed: { status: 400, en: 'The request is not valid', hr: 'Zahtjev nije ispravan' },
  notAuthenticated: { status: 401, en: 'Authentication credentials were not provided', hr: 'Niste prijavljeni' },
  loginFailed: { status: 401, en: 'Invalid username or password', hr: 'Neispravno korisničko ime ili lozinka' },
  /** 403, as the current portal answers (docs/external-api.md): its clients take a 401's body for data. */
  apiKeyInvalid: {
    status: 403,
    en: 'A valid API key is required: Authorization: Api-Key <prefix.secret>',
    hr: 'Potreban je ispravan API ključ: Authorization: Api-Key <prefix.secret>',
  },
  apiKeyScope: { status: 403, en: 'This API key is not allowed to make this call', hr: 'Ovaj API ključ ne smije obaviti ovaj poziv' },
  unknownCluster: { status: 400, en: 'Nonexisting resource', hr: 'Nepostojeći resurs' },
  usageRowInvalid: { status: 400, en: 'A usage record is not valid', hr: 'Zapis o potrošnji nije ispravan' },
  csrfFailed: { status: 403, en: 'CSRF token missing or incorrect', hr: 'CSRF token nedostaje ili nije ispravan' },
  forbidden: { status: 403, en: 'You are not allowed to do this', hr: 'Nemate pravo na ovu radnju' },
  crossSiteRefused: {
    status: 403,
    en: 'This link must be opened from the portal itself; open the invitation from your e-mail in the portal',
    hr: 'Ova se poveznica mora otvoriti iz samog portala; otvorite pozivnicu iz e-pošte u portalu',
  },
  notFound: { status: 404, en: 'Not found', hr: 'Nije pronađeno' },
  methodNotAllowed: { status: 405, en: 'Method not allowed', hr: 'Metoda nije dopuštena' },
  conflict: { status: 409, en: 'Conflict', hr: 'Sukob s postojećim podacima' },
  rulesRefused: { status: 409, en: 'The rules do not pass the checks; nothing went live', hr: 'Pravila ne prolaze provjeru; ništa nije stavljeno u upotrebu' },
  payloadTooLarge: { status: 413, en: 'The request body is too large', hr: 'Tijelo zahtjeva je preveliko' },
  uriTooLong: { status: 414, en: 'A part of the URL is too long', hr: 'Dio adrese (URL) je predug' },
  unsupportedMediaType: {
    status: 415,
    en: 'Unsupported content type; send application/json',
    hr: 'Nepodržana vrsta sadržaja; pošaljite application/json',
  },
  tooManyLoginAttempts: {
    status: 429,
    en: 'Too many login attempts; try again in a few minutes',
    hr: 'Previše pokušaja prijave; pokušajte ponovno za nekoliko minuta',
  },
  tooManyInvitations: {
    status: 429,
    en: 'Too many invitations sent in the last hour',
    hr: 'Previše pozivnica poslano u posljednjih sat vremena',
  },
  registryUnavailable: { status: 502, en: 'The research registry cannot be reached', hr: 'Sustav CroRIS trenutno nije dostupan' },
  loginBusy: {
    status: 503,
    en: 'Too many sign-ins are being checked right now; try again in a moment',
    hr: 'Upravo se provjerava previše prijava; pokušajte ponovno za trenutak',
  },
  federationUnavailable: {
    status: 503,
    en: 'The identity federation cannot be reached',
    hr: 'Federacija identiteta trenutačno nije dostupna',
  },
  federationMetadataRefused: {
    status: 503,
    en: 'The identity federation’s metadata was fetched but not trusted (the server log says why); sign-in through the federation is unavailable',
    hr: 'Metapodaci federacije identiteta dohvaćeni su, ali im se ne vjeruje (razlog je u zapisniku poslužitelja); prijava putem federacije nije dostupna',
  },
  clientNotBuilt: {
    status: 503,
    en: 'The web client is not built yet; run `npm run build`',
    hr: 'Web-klijent još nije izgrađen; pokrenite `npm run build`',
  },
  internal: { status: 500, en: 'Internal server error', hr: 'Greška na poslužitelju' },
} as const satisfies Record<string, Texts & { status: number }>;

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
  return ERRORS[key][lang];
}

/** An error the API answers with its catalogue status and key; the message may add detail. */
export class ApiError extends Error {
  readonly key: ErrorKey;
  readonly statusCode: number;
  readonly extra?: Record<string, unknown>;
  /** The catalogue message, when the error has one; `message` is its English text. */
  readonly text?: LocalText;
  /** When set, the whole answer instead of the envelope (see {@link currentPortalRefusal}). */
  readonly body?: Record<string, unknown>;

  constructor(key: ErrorKey, message?: string | LocalText, extra?: Record<string, unknown>, body?: Record<string, unknown>) {
    super(typeof message === 'object' ? message.render('en') : (message ?? ERRORS[key].en));
    this.key = key;
    this.statusCode = ERRORS[key].status;
    this.extra = extra;
    this.body = body;
    if (typeof message === 'object') this.text = message;
  }

  /** The message in a language; a free-text message (no catalogue text) stays as written. */
  messageIn(lang: Language): string {
    if (this.text) return this.text.render(lang);
    return this.message === ERRORS[this.key].en ? errorText(this.key, lang) : this.message;
  }
}

/**
 * The `detail` the current portal (Django REST framework) answers a refused API key with
 * (docs/external-api.md).
 */
export const CURRENT_PORTAL_DETAIL = {
  notAuthenticated: 'Authentication credentials were not provided.',
  permissionDenied: 'You do not have permission to perform this action.',
} as const;

/**
 * A refused key on an external route, answered with exactly the current portal's body
 * (`{"detail": "..."}`) and no envelope: the clusters' tool was written for that body. The key
 * stays in the catalogue for the log and the API reference.
 */
export function currentPortalRefusal(key: 'apiKeyInvalid' | 'apiKeyScope'): ApiError {
  const detail = key === 'apiKeyInvalid' ? CURRENT_PORTAL_DETAIL.notAuthenticated : CURRENT_PORTAL_DETAIL.permissionDenied;
  return new ApiError(key, undefined, undefined, { detail });
}

/** The JSON body of an error answer. */
export function errorBody(key: ErrorKey, message: string = ERRORS[key].en, extra?: Record<string, unknown>) {
  return { status: { code: ERRORS[key].status, message, key }, ...extra };
}

/** The JSON body of an error answer in a language: the catalogue message when given, else the error's own text. */
export function localErrorBody(key: ErrorKey, lang: Language, text?: LocalText, extra?: Record<string, unknown>) {
  return errorBody(key, text ? text.render(lang) : errorText(key, lang), extra);
}
