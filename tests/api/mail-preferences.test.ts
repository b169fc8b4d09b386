import { languageCookieName } from '../../src/schema-runtime';
import { startTestApp, type Caller, type TestApp } from '../../harness/test-app';
import { addProject, addUser } from '../support/fixtures';

const PREFS = '/api/v1/internal/mail-preferences/';
const mute = (identifier: string) => `/api/v1/internal/projects/${encodeURIComponent(identifier)}/mail-mute`;

/** GET/PUT of a user's mail preferences and a lead's mute of a project: what is kept, who may, and the refusals in both languages. */
describe('mail preferences', () => {
  let t: TestApp;

  const call = (who: Caller, method: 'GET' | 'PUT', url: string, payload?: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({
      method,
      url,
      headers: { cookie: who.cookie, 'x-csrftoken': who.csrf, 'accept-language': 'en', ...headers },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const usersRow = (username: string) =>
    t.ctx.db.selectFrom('users').select(['mail_language', 'routine_mail', 'language']).where('username', '=', username).executeTakeFirstOrThrow();

  beforeAll(async () => {
    t = await startTestApp({ seed: false });
    const lead = await addUser(t.ctx, 'lead', { person_mail: 'lead@example.org', person_type: 'local' });
    const collab = await addUser(t.ctx, 'collab', { person_mail: 'collab@example.org', person_type: 'local' });
    await addUser(t.ctx, 'visitor', { person_mail: 'visitor@example.org', person_type: 'foreign' });
    await addProject(t.ctx, 'MP-1', 'approve', [[lead, 'lead'], [collab, 'collaborator']]);
    await addProject(t.ctx, 'MP-2', 'expire', [[lead, 'lead']]);
  });
  afterAll(() => t.close());

  it('starts from the interface language last used (or English for a foreign user) and at-once routine notices', async () => {
    const collab = await t.login('collab');
    // The interface was switched to English: mails followed it before anyone chose.
    await t.app.inject({ method: 'GET', url: '/api/v1/sessionactive', headers: { cookie: `${collab.cookie}; ${languageCookieName(t.ctx.schemas.service.serviceKey)}=en` } });
    expect((await call(collab, 'GET', PREFS)).json()).toEqual({ language: 'en', languageChosen: false, routine: 'immediate', mutedProjects: [] });
    const visitor = await t.login('visitor');
    expect((await call(visitor, 'GET', PREFS)).json()).toMatchObject({ language: 'en', languageChosen: false });
    const lead = await t.login('lead');
    expect((await call(lead, 'GET', PREFS)).json()).toMatchObject({ language: 'hr', languageChosen: false, routine: 'immediate' });
  });

  it('keeps a chosen language and weekly digest, which a later interface switch does not change', async () => {
    const lead = await t.login('lead');
    const saved = await call(lead, 'PUT', PREFS, { language: 'en', routine: 'weekly' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ language: 'en', languageChosen: true, routine: 'weekly', mutedProjects: [] });
    await t.app.inject({ method: 'GET', url: '/api/v1/sessionactive', headers: { cookie: `${lead.cookie}; ${languageCookieName(t.ctx.schemas.service.serviceKey)}=hr` } });
    expect(await usersRow('lead')).toEqual({ mail_language: 'en', routine_mail: 'weekly', language: 'hr' });
    expect((await call(lead, 'GET', PREFS)).json()).toMatchObject({ language: 'en', languageChosen: true, routine: 'weekly' });
  });

  it('refuses a body outside the schema in the caller’s language and changes nothing', async () => {
    const collab = await t.login('collab');
    const before = await usersRow('collab');
    for (const body of [{ language: 'de', routine: 'weekly' }, { language: 'hr' }, { language: 'hr', routine: 'daily' }, { language: 'hr', routine: 'weekly', extra: 1 }, ['weekly']]) {
      const en = await call(collab, 'PUT', PREFS, body);
      expect(en.statusCode).toBe(400);
      expect(en.json().status).toMatchObject({ code: 400, key: expect.any(String) });
      const hr = await call(collab, 'PUT', PREFS, body, { 'accept-language': 'hr' });
      expect(hr.statusCode).toBe(400);
      expect(hr.json().status.message).not.toEqual(en.json().status.message);
    }
    const routine = await call(collab, 'PUT', PREFS, { language: 'hr', routine: 'daily' }, { 'accept-language': 'hr' });
    expect(routine.json().status.message).toBe('body/routine: Vrijednost nije dopuštena');
    expect((await call(collab, 'PUT', PREFS, { language: 'hr', routine: 'daily' })).json().status.message).toBe('body/routine: Value not allowed');
    expect(await usersRow('collab')).toEqual(before);
  });

  it('lets a lead mute and unmute a project’s routine notices, also of a finished project', async () => {
    const lead = await t.login('lead');
    const muted = await call(lead, 'PUT', mute('MP-1'), { muted: true });
    expect(muted.statusCode).toBe(200);
    expect(muted.json()).toEqual({ identifier: 'MP-1', muted: true });
    expect((await call(lead, 'PUT', mute('MP-1'), { muted: true })).statusCode).toBe(200);
    await call(lead, 'PUT', mute('MP-2'), { muted: true });
    expect((await call(lead, 'GET', PREFS)).json().mutedProjects).toEqual(['MP-1', 'MP-2']);
    expect((await call(lead, 'PUT', mute('MP-2'), { muted: false })).json()).toEqual({ identifier: 'MP-2', muted: false });
    expect((await call(lead, 'GET', PREFS)).json().mutedProjects).toEqual(['MP-1']);
  });

  it('refuses a mute by someone who does not lead the project, of an unknown project, and a bad body, in both languages', async () => {
    const collab = await t.login('collab');
    const en = await call(collab, 'PUT', mute('MP-1'), { muted: true });
    expect(en.statusCode).toBe(403);
    expect(en.json().status.message).toBe('Only a lead of project MP-1 can mute its routine notices');
    const hr = await call(collab, 'PUT', mute('MP-1'), { muted: true }, { 'accept-language': 'hr' });
    expect(hr.json().status.message).toBe('Rutinske obavijesti projekta MP-1 može utišati samo njegov voditelj');
    const unknown = await call(collab, 'PUT', mute('NO-SUCH'), { muted: true }, { 'accept-language': 'hr' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().status.message).toBe('Projekt NO-SUCH nije pronađen');
    const lead = await t.login('lead');
    expect((await call(lead, 'PUT', mute('MP-2'), { muted: 'yes' })).statusCode).toBe(400);
    expect((await call(lead, 'PUT', mute('MP-2'), {})).statusCode).toBe(400);
    const rows = await t.ctx.db.selectFrom('project_mail_mutes').select(['project_id', 'user_id']).execute();
    expect(rows).toHaveLength(1);
  });

  it('answers only a signed-in caller', async () => {
    const anonymous = await t.anonymous();
    expect((await call(anonymous, 'GET', PREFS)).statusCode).toBe(401);
    expect((await call(anonymous, 'PUT', PREFS, { language: 'hr', routine: 'weekly' })).statusCode).toBe(401);
  });
});
