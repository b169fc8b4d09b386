import type { MemberReadinessAnswer, MemberReadinessAnswerEntry } from '../../generated';
import { startTestApp, type Caller, type TestApp } from '../../harness/test-app';
import { addProject, addUser } from '../support/fixtures';

const DAY_MS = 86_400_000;
const KEY = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIDK9XcQG3dMjta6kd0DAjbQWImNhkMgKdkZVynNTnG4M ready@test';

describe('member readiness API', () => {
  let t: TestApp;
  const ids: Record<string, number> = {};
  const invites: Record<string, number> = {};
  const callers = new Map<string, Caller>();
  const ACTIVE = 'T-ready';
  const ENDED = 'T-ended';

  async function call(username: string, method: 'GET' | 'POST', url: string, lang?: string) {
    if (!callers.has(username)) callers.set(username, await t.login(username));
    const caller = callers.get(username)!;
    const headers: Record<string, string> = { cookie: caller.cookie, 'x-csrftoken': caller.csrf };
    if (lang) headers['accept-language'] = lang;
    return t.app.inject({ method, url, headers });
  }
  const readiness = async (as = 'lead') => {
    const res = await call(as, 'GET', `/api/v1/internal/projects/${ACTIVE}/readiness`);
    expect(res.statusCode).toBe(200);
    return res.json() as MemberReadinessAnswer;
  };
  const byEmail = (answer: MemberReadinessAnswer, email: string): MemberReadinessAnswerEntry => {
    const found = answer.people.find((p) => p.email === email);
    if (!found) throw new Error(`${email} not in the answer`);
    return found;
  };
  const mailsTo = (email: string) => t.ctx.db.selectFrom('outbox').selectAll().where('to_addr', '=', email).execute();
  const inviteRow = (email: string) => t.ctx.db.selectFrom('invites').selectAll().where('email', '=', email).executeTakeFirstOrThrow();

  beforeAll(async () => {
    t = await startTestApp({ seed: false, config: { publicUrl: 'https://portal.example.org', invitesPerHour: 4 } });
    const person = (first: string, last: string, extra: Record<string, unknown> = {}) => ({
      first_name: first,
      last_name: last,
      person_mail: `${first.toLowerCase()}@example.org`,
      person_uniqueid: `${first.toLowerCase()}@example.org`,
      status: true,
      person_username: first.toLowerCase().slice(0, 8),
      ...extra,
    });
    ids.lead = await addUser(t.ctx, 'lead', person('Ana', 'Horvat'));
    ids.ready = await addUser(t.ctx, 'ready', person('Rea', 'Spremna', { person_type: 'foreign', password_hash: null }));
    ids.nokey = await addUser(t.ctx, 'nokey', person('Nino', 'Bezkljuca', { password_hash: null }));
    ids.inactive = await addUser(t.ctx, 'inactive', person('Ines', 'Neaktivna', { status: false }));
    ids.nouser = await addUser(t.ctx, 'nouser', person('Una', 'Bezimena', { person_username: '' }));
    ids.elsewhere = await addUser(t.ctx, 'elsewhere', person('Eli', 'Drugdje'));
    ids.staff = await addUser(t.ctx, 'staff', person('Marko', 'Babic', { is_staff: true }));
    for (const who of ['lead', 'ready'])
      await t.ctx.db.insertInto('ssh_keys').values({ user_id: ids[who], name: 'k', fingerprint: `fp-${who}`, public_key: KEY }).execute();
    ids.project = await addProject(t.ctx, ACTIVE, 'approve', [
      [ids.lead, 'lead'],
      [ids.ready, 'collaborator'],
      [ids.nokey, 'collaborator'],
      [ids.inactive, 'collaborator'],
      [ids.nouser, 'collaborator'],
    ]);
    // elsewhere has no key but is only on a project that has ended: the staff filter leaves them out.
    ids.ended = await addProject(t.ctx, ENDED, 'expire', [[ids.lead, 'lead'], [ids.elsewhere, 'collaborator']]);
    const invite = async (email: string, daysAgo: number, project = ids.project) => {
      const at = new Date(Date.now() - daysAgo * DAY_MS);
      const row = await t.ctx.db
        .insertInto('invites')
        .values({ key: `key-${email}`.replace(/[^a-z0-9]/g, '').padEnd(64, 'x'), email, project_id: project, inviter_id: ids.lead, created: at, sent: at, invtype: 'local' })
        .returning('id')
        .executeTakeFirstOrThrow();
      invites[email] = row.id;
    };
    await invite('fresh@example.org', 0);
    await invite('quiet@example.org', 3);
    await invite('gone@example.org', 10);
    await invite('ended@example.org', 3, ids.ended);
  });
  afterAll(async () => t?.close());

  it('gives every member and pending invitation its single next step from rules/member-readiness.json', async () => {
    const answer = await readiness();
    expect(answer.project).toEqual({ id: ids.project, identifier: ACTIVE, name: `Projekt ${ACTIVE}`, active: true });
    expect(answer.people.map((p) => [p.kind, p.username ?? p.email, p.step])).toEqual([
      ['member', 'lead', 'ready'],
      ['member', 'nouser', 'no-cluster-username'],
      ['member', 'nokey', 'no-ssh-key'],
      ['member', 'inactive', 'account-inactive'],
      ['member', 'ready', 'ready'],
      ['invite', 'gone@example.org', 'invite-expired'],
      ['invite', 'quiet@example.org', 'invite-unanswered'],
      ['invite', 'fresh@example.org', 'invite-pending'],
    ]);
    const nokey = byEmail(answer, 'nino@example.org');
    expect(nokey).toMatchObject({ signIn: 'aai', sshKeys: 0, accountActive: true, clusterUsername: 'nino', stuck: true, blocksComputing: true, resend: false });
    expect(nokey.text).toEqual({ hr: 'Još nema SSH ključ', en: 'No SSH key yet' });
    expect(byEmail(answer, 'rea@example.org')).toMatchObject({ signIn: 'edugain', sshKeys: 1, stuck: false, blocksComputing: false, text: { en: 'Ready to compute' } });
    expect(byEmail(answer, 'ana@example.org')).toMatchObject({ role: 'lead', signIn: 'password', lastLogin: expect.any(String) });
    expect(byEmail(answer, 'quiet@example.org')).toMatchObject({
      inviteId: invites['quiet@example.org'],
      days: 3,
      resend: true,
      resent: false,
      text: { hr: 'Pozivnica bez odgovora 3 d.', en: 'Invitation unanswered for 3 d' },
    });
    expect(byEmail(answer, 'gone@example.org')).toMatchObject({ inviteExpired: true, days: 10, resend: true, stuck: true });
    expect(byEmail(answer, 'fresh@example.org')).toMatchObject({ stuck: false, resend: false, days: null, text: { en: 'Waiting for the invitation to be accepted' } });
    // nouser, nokey, inactive, gone, quiet.
    expect(answer.stuck).toBe(5);
  });

  it('shows a project’s readiness to its lead and staff only', async () => {
    expect((await readiness('staff')).people).toHaveLength(8);
    const collab = await call('nouser', 'GET', `/api/v1/internal/projects/${ACTIVE}/readiness`, 'hr');
    expect(collab.statusCode).toBe(403);
    expect(collab.json().detail ?? collab.body).toContain('voditelj');
    expect((await call('lead', 'GET', '/api/v1/internal/projects/T-none/readiness')).statusCode).toBe(404);
  });

  it('sums up, per active project the lead leads, who is stuck and how many members cannot compute', async () => {
    const res = await call('lead', 'GET', '/api/v1/internal/projects-readiness/');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([{ identifier: ACTIVE, stuck: 5, blocked: 3 }]);
    expect((await call('nouser', 'GET', '/api/v1/internal/projects-readiness/')).json()).toEqual([]);
  });

  it('finds exactly the members without a key on active projects for staff', async () => {
    const res = await call('staff', 'GET', '/api/v1/internal/users-readiness/?filter=no-key-active');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      filter: 'no-key-active',
      users: [
        { id: ids.inactive, username: 'inactive', projects: [ACTIVE] },
        { id: ids.nokey, username: 'nokey', projects: [ACTIVE] },
        { id: ids.nouser, username: 'nouser', projects: [ACTIVE] },
      ],
    });
    const bad = await call('staff', 'GET', '/api/v1/internal/users-readiness/?filter=everyone', 'en');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Unknown filter everyone');
    expect((await call('lead', 'GET', '/api/v1/internal/users-readiness/')).statusCode).toBe(403);
  });

  it('re-sends an unanswered invitation once, keeping its code, and the readiness shows it re-sent', async () => {
    const before = await inviteRow('quiet@example.org');
    const res = await call('lead', 'POST', `/api/v1/internal/invites-sent/${invites['quiet@example.org']}/resend`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email: 'quiet@example.org', renewed: false });
    const mails = await mailsTo('quiet@example.org');
    expect(mails).toHaveLength(1);
    expect(mails[0].body).toContain(`https://portal.example.org/ui/login-email/${before.key}`);
    expect(mails[0].body).toContain('Ana Horvat');
    expect((await inviteRow('quiet@example.org')).key).toBe(before.key);
    expect(byEmail(await readiness(), 'quiet@example.org')).toMatchObject({ step: 'invite-pending', resent: true, stuck: false });
  });

  it('gives an expired invitation a fresh code when it is re-sent, so the old link stays dead', async () => {
    const before = await inviteRow('gone@example.org');
    const res = await call('staff', 'POST', `/api/v1/internal/invites-sent/${invites['gone@example.org']}/resend`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ renewed: true });
    const after = await inviteRow('gone@example.org');
    expect(after.key).not.toBe(before.key);
    expect(after.key).toMatch(/^[a-z0-9]{64}$/);
    const mails = await mailsTo('gone@example.org');
    expect(mails).toHaveLength(1);
    expect(mails[0].body).toContain(after.key);
    // Staff re-sending: the mail still names the lead who invited.
    expect(mails[0].body).toContain('Ana Horvat');
    expect(byEmail(await readiness(), 'gone@example.org')).toMatchObject({ step: 'invite-pending', inviteExpired: false });
  });

  it('answers a re-send by a non-lead as one of an unknown id, refuses one on an inactive project and past the hourly cap, mailing nothing', async () => {
    const outbox = async () => (await t.ctx.db.selectFrom('outbox').select('id').execute()).length;
    const start = await outbox();
    // Someone else's invitation and a missing one are answered alike, so ids cannot be counted.
    const byCollab = await call('nouser', 'POST', `/api/v1/internal/invites-sent/${invites['fresh@example.org']}/resend`, 'en');
    const missing = await call('nouser', 'POST', '/api/v1/internal/invites-sent/999999/resend', 'en');
    expect(byCollab.statusCode).toBe(404);
    expect(missing.statusCode).toBe(404);
    expect(JSON.parse(byCollab.body)).toEqual(JSON.parse(missing.body));
    expect(byCollab.body).toContain('Invitation not found');
    const ended = await call('lead', 'POST', `/api/v1/internal/invites-sent/${invites['ended@example.org']}/resend`, 'en');
    expect(ended.statusCode).toBe(403);
    expect(ended.body).toContain('Project is not active');
    expect((await call('lead', 'POST', '/api/v1/internal/invites-sent/999999/resend')).statusCode).toBe(404);
    const notAnId = await call('lead', 'POST', '/api/v1/internal/invites-sent/abc/resend', 'hr');
    expect(notAnId.statusCode).toBe(400);
    expect(notAnId.body).toContain('nije oznaka pozivnice');
    expect(await outbox()).toBe(start);
    // The lead sent one of the 4 an hour; three more pass, the next is refused.
    for (let i = 0; i < 3; i += 1) expect((await call('lead', 'POST', `/api/v1/internal/invites-sent/${invites['fresh@example.org']}/resend`)).statusCode).toBe(200);
    const capped = await call('lead', 'POST', `/api/v1/internal/invites-sent/${invites['fresh@example.org']}/resend`);
    expect(capped.statusCode).toBe(429);
    expect(await outbox()).toBe(start + 3);
  });
});
