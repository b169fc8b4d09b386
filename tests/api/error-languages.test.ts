import Fastify from 'fastify';
import { ApiError, ERRORS, msg, type ErrorKey } from '../../src/server/errors';
import { LANGUAGES, MESSAGES, type MessageKey } from '../../src/server/i18n/messages';
import { requestLanguage } from '../../src/server/i18n/language';
import { registerErrorHandling } from '../../src/server/plugins/errors';
import { languageCookie } from '../../src/client/i18n/language-cookie';
import { languageCookieName } from '../../src/schema-runtime';
import { loadSchemaSet } from '../../src/schema-runtime/node';
import { startTestApp, type Caller, type TestApp } from '../../harness/test-app';
import { addProject, addUser } from '../support/fixtures';
import { generalRequest } from '../../harness/request-payloads';

const SERVICE_KEY = loadSchemaSet().service.serviceKey;
const HR = { cookie: `${languageCookieName(SERVICE_KEY)}=hr` };
const EN = { cookie: `${languageCookieName(SERVICE_KEY)}=en` };
const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe('the error catalogue in both languages', () => {
  it.each(Object.keys(MESSAGES) as MessageKey[])('message %s has a Croatian and an English text with the same values', (key) => {
    const texts = MESSAGES[key] as Record<string, unknown>;
    for (const lang of LANGUAGES) {
      expect(typeof texts[lang]).toBe('string');
      expect((texts[lang] as string).trim()).not.toBe('');
    }
    expect(MESSAGES[key].hr).not.toBe(MESSAGES[key].en);
    expect(placeholders(MESSAGES[key].hr)).toEqual(placeholders(MESSAGES[key].en));
  });

  it.each(Object.keys(ERRORS) as ErrorKey[])('error %s has a Croatian text besides its English one', (key) => {
    expect(ERRORS[key].en.trim()).not.toBe('');
    expect(typeof ERRORS[key].hr).toBe('string');
    expect(ERRORS[key].hr.trim()).not.toBe('');
    expect(ERRORS[key].hr).not.toBe(ERRORS[key].en);
  });

  it('names the language cookie as the web client does', () => {
    expect(languageCookie(SERVICE_KEY, 'hr')).toMatch(new RegExp(`^${languageCookieName(SERVICE_KEY)}=hr;`));
  });

  it('reads the language from the cookie, then Accept-Language, else English', () => {
    const name = languageCookieName(SERVICE_KEY);
    expect(requestLanguage({ cookie: `${name}=hr`, 'accept-language': 'en' }, name)).toBe('hr');
    expect(requestLanguage({ cookie: `other=1; ${name}=en`, 'accept-language': 'hr' }, name)).toBe('en');
    expect(requestLanguage({ 'accept-language': 'de-DE, hr;q=0.8, en;q=0.5' }, name)).toBe('hr');
    expect(requestLanguage({ 'accept-language': 'en-GB,hr;q=0.9' }, name)).toBe('en');
    expect(requestLanguage({ cookie: `${name}=xx`, 'accept-language': 'de' }, name)).toBe('en');
    expect(requestLanguage({}, name)).toBe('en');
  });
});

describe('every catalogue key answered through the error handler', () => {
  const app = Fastify({ logger: false });
  registerErrorHandling(app, SERVICE_KEY);
  app.get<{ Params: { key: ErrorKey } }>('/error/:key', async (request) => {
    throw new ApiError(request.params.key);
  });
  app.get<{ Params: { key: MessageKey } }>('/message/:key', async (request) => {
    throw new ApiError('badRequest', msg(request.params.key, { user: 'ana', identifier: 'NR-1' }));
  });
  afterAll(() => app.close());

  it.each(Object.keys(ERRORS) as ErrorKey[])('error %s reads Croatian in a Croatian session and English in an English one', async (key) => {
    const hr = await app.inject({ method: 'GET', url: `/error/${key}`, headers: HR });
    expect(hr.statusCode).toBe(ERRORS[key].status);
    expect(hr.json()).toEqual({ status: { code: ERRORS[key].status, message: ERRORS[key].hr, key } });
    const en = await app.inject({ method: 'GET', url: `/error/${key}`, headers: EN });
    expect(en.json().status.message).toBe(ERRORS[key].en);
  });

  it.each(Object.keys(MESSAGES) as MessageKey[])('message %s reads Croatian in a Croatian session and English in an English one', async (key) => {
    const fill = (text: string) => text.replace('{{user}}', 'ana').replace('{{user}}', 'ana').replace('{{identifier}}', 'NR-1');
    const hr = await app.inject({ method: 'GET', url: `/message/${key}`, headers: HR });
    expect(hr.json().status).toEqual({ code: 400, message: fill(MESSAGES[key].hr), key: 'badRequest' });
    const en = await app.inject({ method: 'GET', url: `/message/${key}`, headers: EN });
    expect(en.json().status.message).toBe(fill(MESSAGES[key].en));
  });
});

describe('the API answers in the language of the session', () => {
  let t: TestApp;
  let lead: Caller;
  let foreign: Caller;
  const send = (caller: Caller, lang: 'hr' | 'en' | null, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: { cookie: lang ? `${caller.cookie}; ${languageCookieName(SERVICE_KEY)}=${lang}` : caller.cookie, 'x-csrftoken': caller.csrf },
      ...(payload ? { payload } : {}),
    });

  beforeAll(async () => {
    t = await startTestApp({ seed: false });
    const leadId = await addUser(t.ctx, 'lead', { person_username: 'ahorvat' });
    await addUser(t.ctx, 'stranac', { person_type: 'foreign' });
    await addProject(t.ctx, 'NR-2026-01-001', 'approve', [[leadId, 'lead']]);
    lead = await t.login('lead');
    foreign = await t.login('stranac');
  });
  afterAll(() => t.close());

  it('refuses a bad SSH key in Croatian or English', async () => {
    const hr = await send(lead, 'hr', 'POST', '/api/v1/internal/keys/', { name: 'x', public_key: 'ssh-ed25519 AAAAnotakey' });
    expect(hr.statusCode).toBe(400);
    expect(hr.json().status).toMatchObject({ key: 'validationFailed', message: 'Neispravan javni SSH ključ.' });
    const en = await send(lead, 'en', 'POST', '/api/v1/internal/keys/', { name: 'x', public_key: 'ssh-ed25519 AAAAnotakey' });
    expect(en.json().status.message).toBe('Invalid SSH public key.');
  });

  it("tells a foreign researcher the spec's text in Croatian", async () => {
    const hr = await send(foreign, 'hr', 'POST', '/api/v1/internal/projects-general/', generalRequest());
    expect(hr.statusCode).toBe(403);
    expect(hr.json().status).toEqual({ code: 403, key: 'forbidden', message: 'Strani istraživači za sada nemaju mogućnost podnošenja zahtjeva' });
    const en = await send(foreign, null, 'POST', '/api/v1/internal/projects-general/', generalRequest());
    expect(en.json().status.message).toBe('Foreign researchers cannot submit requests for now');
  });

  it('answers schema validation and unknown endpoints in Croatian', async () => {
    const invalid = await send(lead, 'hr', 'POST', '/api/v1/internal/keys/', { name: 'x' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().status.message).not.toMatch(/must have|required property/i);
    const english = await send(lead, 'en', 'POST', '/api/v1/internal/keys/', { name: 'x' });
    expect(invalid.json().status.message).not.toBe(english.json().status.message);
    const missing = await send(lead, 'hr', 'GET', '/api/v1/no-such-thing');
    expect(missing.json().status).toEqual({ code: 404, key: 'notFound', message: 'Ne postoji takva adresa: GET /api/v1/no-such-thing' });
  });
});
