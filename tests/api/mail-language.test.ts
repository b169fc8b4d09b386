import { languageCookieName } from '../../src/schema-runtime';
import { deliverOutbox, startSmtpSink, type SmtpSink } from '../support/smtp-sink';
import { startTestApp, type Caller, type TestApp } from '../../harness/test-app';
import { addProject, addUser } from '../support/fixtures';

/** Mails go out in the language the recipient last used in the web client (Croatian by default). */
describe('mails in the recipient language', () => {
  let t: TestApp;
  let sink: SmtpSink;
  let projectId: number;
  let langCookie: (lang: 'hr' | 'en') => string;

  const withLang = (caller: Caller, lang: 'hr' | 'en') => `${caller.cookie}; ${langCookie(lang)}`;

  const deliver = () => deliverOutbox(t.ctx.db, sink);

  beforeAll(async () => {
    t = await startTestApp({ seed: false, config: { publicUrl: 'https://portal.example.org' } });
    langCookie = (lang) => `${languageCookieName(t.ctx.schemas.service.serviceKey)}=${lang}`;
    sink = await startSmtpSink();
    const person = (first: string, last: string, mail: string) => ({ first_name: first, last_name: last, person_mail: mail, person_uniqueid: mail, person_type: 'local' });
    const lead = await addUser(t.ctx, 'lead', person('Ana', 'Horvat', 'ahorvat@fer.hr'));
    await addUser(t.ctx, 'reader', person('Petra', 'Reader', 'petra@example.org'));
    await addUser(t.ctx, 'croatian', person('Hrvoje', 'Hrvat', 'hrvoje@example.org'));
    projectId = await addProject(t.ctx, 'T-course', 'approve', [[lead, 'lead']], 'practical');
  });
  afterAll(async () => {
    await sink.close();
    await t.close();
  });

  it('sends an English invitation to a user who switched to English and Croatian ones otherwise', async () => {
    // reader signs in and then switches the interface to English: the next call carries the cookie.
    const reader = await t.login('reader');
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/sessionactive', headers: { cookie: withLang(reader, 'en') } })).statusCode).toBe(200);
    // croatian used the interface in Croatian.
    const croatian = await t.login('croatian');
    await t.app.inject({ method: 'GET', url: '/api/v1/sessionactive', headers: { cookie: withLang(croatian, 'hr') } });

    const lead = await t.login('lead');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/internal/invites/',
      headers: { cookie: withLang(lead, 'en'), 'x-csrftoken': lead.csrf },
      payload: {
        project: 'T-course',
        projectid: projectId,
        type: 'add',
        collaboratorEmails: ['petra@example.org', 'hrvoje@example.org', 'new.person@example.org'].map((value) => ({ label: value, value })),
      },
    });
    expect(res.statusCode).toBe(200);
    await deliver();

    const toReader = await sink.waitFor((m) => m.recipients.includes('petra@example.org'));
    expect(toReader.subject).toBe(`Invitation to the project "Projekt T-course" on ${t.ctx.schemas.service.serviceName.en}`);
    expect(toReader.body).toContain('Ana Horvat has registered you as a collaborator on the project "Projekt T-course"');
    expect(toReader.body).toMatch(/\/ui\/login-email\/[0-9a-z]+\/en\s/);

    const toCroatian = await sink.waitFor((m) => m.recipients.includes('hrvoje@example.org'));
    expect(toCroatian.subject).toBe(`Poziv na projekt "Projekt T-course" na usluzi ${t.ctx.schemas.service.serviceName.hr}`);
    expect(toCroatian.body).toContain('Ana Horvat prijavio/la vas je kao suradnika na projekt "Projekt T-course"');

    // Nobody has this address yet: Croatian, the default.
    const toNewcomer = await sink.waitFor((m) => m.recipients.includes('new.person@example.org'));
    expect(toNewcomer.subject).toBe(`Poziv na projekt "Projekt T-course" na usluzi ${t.ctx.schemas.service.serviceName.hr}`);
  });

  it('tells the inviter in English, the language they used when inviting, that the invitee joined', async () => {
    const invite = await t.ctx.db.selectFrom('invites').select('key').where('email', '=', 'hrvoje@example.org').executeTakeFirstOrThrow();
    const croatian = await t.login('croatian');
    const res = await t.app.inject({ method: 'POST', url: `/api/v1/internal/invites/${invite.key}`, headers: { cookie: withLang(croatian, 'hr'), 'x-csrftoken': croatian.csrf } });
    expect(res.statusCode).toBeLessThan(300);
    await deliver();
    const toLead = await sink.waitFor((m) => m.recipients.includes('ahorvat@fer.hr'));
    expect(toLead.subject).toBe('User Registration Successful');
    expect(toLead.body).toContain('the user Hrvoje Hrvat has confirmed their membership of the project "Projekt T-course"');
  });

  it('goes back to Croatian once the user switches back', async () => {
    const lead = await t.login('lead');
    await t.app.inject({ method: 'GET', url: '/api/v1/sessionactive', headers: { cookie: withLang(lead, 'hr') } });
    const invite = await t.ctx.db.selectFrom('invites').select('key').where('email', '=', 'petra@example.org').executeTakeFirstOrThrow();
    const reader = await t.login('reader');
    const res = await t.app.inject({ method: 'POST', url: `/api/v1/internal/invites/${invite.key}`, headers: { cookie: withLang(reader, 'en'), 'x-csrftoken': reader.csrf } });
    expect(res.statusCode).toBeLessThan(300);
    await deliver();
    const toLead = await sink.waitFor((m) => m.recipients.includes('ahorvat@fer.hr') && m.body.includes('Petra Reader'));
    expect(toLead.subject).toBe('Prijava korisnika uspješna');
    expect(toLead.body).toContain('korisnik Petra Reader potvrdio/la je članstvo na projektu "Projekt T-course"');
  });
});
