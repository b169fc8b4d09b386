import { languageCookieName } from '../../src/schema-runtime';
import { deliverOutbox, startSmtpSink, type SmtpSink } from '../support/smtp-sink';
import { startTestApp, type TestApp } from '../../harness/test-app';
import { addProject, addUser } from '../support/fixtures';

/**
 * The mails about a decision, as a lead reads them over SMTP: a greeting by name, what happened,
 * what was granted, the link and the next step, in the lead's language.
 */
describe('decision mails to the lead', () => {
  let t: TestApp;
  let sink: SmtpSink;

  const decide = async (identifier: string, body: object) => {
    const staff = await t.login('staff');
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/internal/projects/${identifier}`,
      headers: { cookie: staff.cookie, 'x-csrftoken': staff.csrf },
      payload: { staff_emailSend: true, ...body },
    });
    expect(res.statusCode).toBe(200);
    await deliverOutbox(t.ctx.db, sink);
  };

  beforeAll(async () => {
    t = await startTestApp({ seed: false, config: { publicUrl: 'https://portal.example.org' } });
    sink = await startSmtpSink();
    const person = (first: string, last: string, mail: string) => ({ first_name: first, last_name: last, person_mail: mail, person_uniqueid: mail, person_type: 'local' });
    const ana = await addUser(t.ctx, 'lead', person('Ana', 'Horvat', 'ahorvat@fer.hr'));
    const eve = await addUser(t.ctx, 'eve', person('Eve', 'English', 'eve@example.org'));
    await addUser(t.ctx, 'staff', { is_staff: true });
    await addProject(t.ctx, 'OM-hr', 'submit', [[ana, 'lead']]);
    await addProject(t.ctx, 'OM-en', 'submit', [[eve, 'lead']]);
    await addProject(t.ctx, 'OM-deny', 'submit', [[eve, 'lead']]);
    // Eve last used the interface in English.
    const caller = await t.login('eve');
    await t.app.inject({ method: 'GET', url: '/api/v1/sessionactive', headers: { cookie: `${caller.cookie}; ${languageCookieName(t.ctx.schemas.service.serviceKey)}=en` } });
  });
  afterAll(async () => {
    await sink.close();
    await t.close();
  });

  it('tells a Croatian lead by name what was approved, what was granted, where to look and what to do next', async () => {
    await decide('OM-hr', { requestState: { approve: true }, staff_resources_type: [{ label: 'CPU', value: 'CPU' }, { label: 'GPU', value: 'GPU' }] });
    const mail = await sink.waitFor((m) => m.recipients.includes('ahorvat@fer.hr'));
    expect(mail.subject).toBe('Zahtjev odobren');
    expect(mail.body).toMatch(/^Poštovani\/a Ana Horvat,\r?\n/);
    expect(mail.body).toContain('Vaš zahtjev "Projekt OM-hr" (OM-hr)');
    expect(mail.body).toContain('Dodijeljeni resursi: CPU, GPU');
    expect(mail.body).toContain('https://portal.example.org/ui/my-requests/OM-hr');
    expect(mail.body).toContain('Sljedeći korak: dodajte svoj javni SSH ključ (https://portal.example.org/ui/public-keys)');
  });

  it('greets an English lead by name, never with a bare "Dear,"', async () => {
    await decide('OM-en', { requestState: { approve: true }, staff_resources_type: [{ label: 'CPU', value: 'CPU' }] });
    const mail = await sink.waitFor((m) => m.recipients.includes('eve@example.org') && m.subject === 'Request approved');
    expect(mail.body).toMatch(/^Dear Eve English,\r?\n/);
    expect(mail.body).not.toMatch(/^Dear,/m);
    expect(mail.body).toContain('Granted resources: CPU');
    expect(mail.body).toContain('The request in the portal: https://portal.example.org/ui/my-requests/OM-en');
    expect(mail.body).toContain('Next step: add your public SSH key');
  });

  it('gives the reason, the link and the next step of a denial', async () => {
    await decide('OM-deny', { requestState: { deny: true }, staff_comment: 'Nedostaje opis.' });
    const mail = await sink.waitFor((m) => m.recipients.includes('eve@example.org') && m.subject === 'Request denied');
    expect(mail.body).toMatch(/^Dear Eve English,\r?\n/);
    expect(mail.body).toContain('Reason: Nedostaje opis.');
    expect(mail.body).toContain('https://portal.example.org/ui/my-requests/OM-deny');
    expect(mail.body).toContain('Next step: if you wish, address the reason given and submit a new request');
  });
});
