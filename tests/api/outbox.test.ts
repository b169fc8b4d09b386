import { startTestApp, type Caller, type TestApp } from '../../harness/test-app';
import { addProject, addUser } from '../support/fixtures';

describe('the outbox for staff GET /api/v1/internal/outbox/', () => {
  let t: TestApp;
  let staff: Caller;
  let lead: Caller;
  let inviteKey: string;

  beforeAll(async () => {
    t = await startTestApp({ seed: false, config: { publicUrl: 'https://portal.example.org' } });
    const ana = await addUser(t.ctx, 'lead', { first_name: 'Ana', last_name: 'Horvat', person_mail: 'ahorvat@fer.hr' });
    await addUser(t.ctx, 'staff', { is_staff: true });
    const projectId = await addProject(t.ctx, 'T-course', 'approve', [[ana, 'lead']], 'practical');
    lead = await t.login('lead');
    staff = await t.login('staff');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/internal/invites/',
      headers: { cookie: lead.cookie, 'x-csrftoken': lead.csrf },
      payload: { project: 'T-course', projectid: projectId, type: 'add', collaboratorEmails: [{ label: 'student', value: 'student@example.org' }] },
    });
    expect(res.statusCode).toBe(200);
    inviteKey = (await t.ctx.db.selectFrom('invites').select('key').where('email', '=', 'student@example.org').executeTakeFirstOrThrow()).key;
    await t.ctx.db
      .insertInto('outbox')
      .values({ kind: 'older', to_addr: 'a@example.org', from_addr: 'portal@example.org', subject: 'Older', body: 'x', created_at: new Date('2020-01-01T00:00:00Z') })
      .execute();
  });
  afterAll(() => t.close());

  const get = async (caller: Caller | undefined, url: string, lang = 'hr') => {
    const res = await t.app.inject({ method: 'GET', url, headers: { ...(caller ? { cookie: caller.cookie } : {}), 'accept-language': lang } });
    return { status: res.statusCode, body: res.json() };
  };

  it('lists the newest mail first, says mail is kept without SMTP, and shows one mail with its link', async () => {
    const { status, body } = await get(staff, '/api/v1/internal/outbox/');
    expect(status).toBe(200);
    expect(body.delivery).toBe('kept');
    const kinds = body.mails.map((m: { kind: string }) => m.kind);
    expect(kinds[0]).toBe('invite');
    expect(kinds.at(-1)).toBe('older');
    const invite = body.mails.find((m: { kind: string }) => m.kind === 'invite');
    expect(invite).toMatchObject({ to: 'student@example.org', cc: '', state: 'waiting', sentAt: null, attempts: 0, lastError: null });
    expect(invite.body).toBeUndefined();

    const one = await get(staff, `/api/v1/internal/outbox/${invite.id}`);
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ id: invite.id, subject: invite.subject, to: 'student@example.org', delivery: 'kept' });
    expect(one.body.from).toBeTruthy();
    expect(one.body.body).toContain(`https://portal.example.org/ui/login-email/${inviteKey}`);
  });

  it('refuses anyone but staff: 401 without a session, 403 for a lead', async () => {
    expect((await get(undefined, '/api/v1/internal/outbox/')).status).toBe(401);
    const forbidden = await get(lead, '/api/v1/internal/outbox/');
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.status.key).toBe('forbidden');
    expect((await get(lead, '/api/v1/internal/outbox/1')).status).toBe(403);
  });

  it('answers a bad or unknown mail number with a clear error in the caller’s language', async () => {
    for (const bad of ['abc', '0', '-1', '1.5', '99999999999999999999']) {
      const { status, body } = await get(staff, `/api/v1/internal/outbox/${bad}`);
      expect(status).toBe(400);
      expect(body.status.message).toContain('očekuje se broj poruke');
    }
    const missing = await get(staff, '/api/v1/internal/outbox/2147483647', 'en');
    expect(missing.status).toBe(404);
    expect(missing.body.status.message).toBe('Mail 2147483647 is not in the outbox');
    const hr = await get(staff, '/api/v1/internal/outbox/2147483647');
    expect(hr.body.status.message).toBe('Poruke 2147483647 nema u izlaznoj pošti');
  });
});
