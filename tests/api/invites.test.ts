import { startRegistryStandIn, type StandIn } from '../../src/server/registry/stand-in/registry-stand-in';
import { purgeUsedInvites } from '../../src/server/invites/cleanup';
import { startTestApp, type Caller, type TestApp } from '../../harness/test-app';
import { addProject, addUser } from '../support/fixtures';

/** People as the stand-in registry knows them (demo/demo-data.ts). */
const OIB = { lead: '20930726687', collab: '13625737435', mnovak: '82998169318', nperic: '46526311898', jvukovic: '79449356508', newbie: '93217836615' };
/** The registry id of the lead's research project whose collaborators are collab, mnovak and newbie. */
const REGISTRY_PROJECT = 27031;

describe('invitations API', () => {
  let standIn: StandIn;
  let t: TestApp;
  const ids: Record<string, number> = {};
  const projects: Record<string, { id: number; identifier: string }> = {};
  const callers = new Map<string, Caller>();

  async function as(username: string): Promise<Caller> {
    if (!callers.has(username)) callers.set(username, await t.login(username));
    return callers.get(username)!;
  }
  async function send(username: string | null, method: 'GET' | 'POST', url: string, payload?: unknown) {
    const caller = username ? await as(username) : await t.anonymous();
    return t.app.inject({ method, url, headers: { cookie: caller.cookie, 'x-csrftoken': caller.csrf }, ...(payload === undefined ? {} : { payload: payload as object }) });
  }
  const invite = (username: string | null, project: string, local: string[], foreign: string[] = []) =>
    send(username, 'POST', '/api/v1/internal/invites/', {
      project: projects[project].identifier,
      projectid: projects[project].id,
      collaboratorEmails: local.map((value) => ({ label: value, value })),
      foreignCollaboratorEmails: foreign.map((value) => ({ label: value, value })),
      type: 'add',
    });
  const accept = (username: string, key: string) => send(username, 'POST', `/api/v1/internal/invites/${key}`);
  const inviteRow = (project: string, email: string) =>
    t.ctx.db.selectFrom('invites').selectAll().where('project_id', '=', projects[project].id).where('email', '=', email).executeTakeFirstOrThrow();
  const rolesOf = (user: string, project: string) =>
    t.ctx.db
      .selectFrom('memberships as m')
      .innerJoin('roles as r', 'r.id', 'm.role_id')
      .select('r.name')
      .where('m.user_id', '=', ids[user])
      .where('m.project_id', '=', projects[project].id)
      .execute()
      .then((rows) => rows.map((r) => r.name));
  const userRow = (user: string) => t.ctx.db.selectFrom('users').selectAll().where('id', '=', ids[user]).executeTakeFirstOrThrow();

  async function project(key: string, state: string, type: string, members: [string, 'lead' | 'collaborator'][], crorisId?: number) {
    const identifier = `T-${key}`;
    const id = await addProject(t.ctx, identifier, state, members.map(([u, role]) => [ids[u], role]), type);
    if (crorisId) await t.ctx.db.updateTable('projects').set({ croris_id: crorisId }).where('id', '=', id).execute();
    projects[key] = { id, identifier };
  }

  beforeAll(async () => {
    standIn = await startRegistryStandIn({ username: 'demo', password: 'demo' });
    t = await startTestApp({ seed: false, config: { publicUrl: 'https://portal.example.org', registry: { url: standIn.url, username: 'demo', password: 'demo', timeoutMs: 1000, retries: 0 } } });
    const person = (first: string, last: string, mail: string, oib = '', extra: Record<string, unknown> = {}) =>
      ({ first_name: first, last_name: last, person_mail: mail, person_uniqueid: mail, person_oib: oib, person_type: 'local', ...extra });
    ids.lead = await addUser(t.ctx, 'lead', person('Ana', 'Horvat', 'ahorvat@fer.hr', OIB.lead, { person_username: 'ahorvat', status: true }));
    ids.collab = await addUser(t.ctx, 'collab', person('Ivan', 'Kovačević', 'ikovacevic@pmf.hr', OIB.collab));
    ids.mnovak = await addUser(t.ctx, 'mnovak', person('Marija', 'Novak', 'mnovak@irb.hr', OIB.mnovak));
    ids.nperic = await addUser(t.ctx, 'nperic', person('Nikola', 'Perić', 'nperic@ferit.hr', OIB.nperic));
    ids.jvukovic = await addUser(t.ctx, 'jvukovic', person('Josip', 'Vuković', 'jvukovic@fsb.hr', OIB.jvukovic));
    ids.newbie = await addUser(t.ctx, 'newbie', person('Luka', 'Marić', 'lmaric@fer.hr', OIB.newbie));
    ids.instmember = await addUser(t.ctx, 'instmember', person('Iva', 'Ilić', 'iilic@ffzg.hr', '11111111111'));
    ids.nooib = await addUser(t.ctx, 'nooib', person('Nina', 'Noić', 'nnoic@example.org'));
    ids.foreign = await addUser(t.ctx, 'foreign', person('Jane', 'Doe', 'jane.doe@uni-example.eu', '', { person_type: 'foreign' }));
    ids.stranger = await addUser(t.ctx, 'stranger', person('Sara', 'Strane', 'sstrane@example.org'));
    await project('research', 'approve', 'research-croris', [['lead', 'lead']], REGISTRY_PROJECT);
    await project('practical', 'extend', 'practical', [['lead', 'lead'], ['collab', 'collaborator'], ['nooib', 'collaborator']]);
    await project('expired', 'expire', 'practical', [['lead', 'lead'], ['collab', 'collaborator']]);
    await project('institutional', 'approve', 'research-institutional', [['lead', 'lead']]);
    await project('other-institutional', 'approve', 'research-institutional', [['instmember', 'lead']]);
    await project('internal', 'approve', 'internal', [['lead', 'lead']]);
  });
  afterAll(async () => {
    await t.close();
    await standIn.close();
  });

  describe('sending', () => {
    it('lets only the lead of an active project invite: collaborator, non-member, anonymous and inactive project are refused', async () => {
      const cases: [string | null, string, number, RegExp][] = [
        ['collab', 'practical', 403, /Only the project lead may invite/],
        ['stranger', 'practical', 403, /Not allowed to send invitations/],
        [null, 'practical', 401, /credentials/],
        ['lead', 'expired', 403, /Project is not active/],
      ];
      for (const [who, project, code, message] of cases) {
        const res = await invite(who, project, ['someone@example.org']);
        expect(res.statusCode).toBe(code);
        expect(res.json().status.message).toMatch(message);
      }
      expect(await t.ctx.db.selectFrom('invites').selectAll().execute()).toHaveLength(0);
    });

    it('refuses a bad address, an identifier that does not match the id and an unknown project with clear errors', async () => {
      const bad = await invite('lead', 'practical', ['not-an-address']);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().status.message).toMatch(/collaboratorEmails\/0\/value/);
      const mismatch = await send('lead', 'POST', '/api/v1/internal/invites/', { project: 'T-research', projectid: projects.practical.id, type: 'add', collaboratorEmails: [{ value: 'a@example.org' }] });
      expect(mismatch.statusCode).toBe(400);
      expect(mismatch.json().status.message).toMatch(/do not name the same project/);
      const unknown = await send('lead', 'POST', '/api/v1/internal/invites/', { project: 'X', projectid: 999999, type: 'add', collaboratorEmails: [{ value: 'a@example.org' }] });
      expect(unknown.statusCode).toBe(404);
      const empty = await invite('lead', 'practical', []);
      expect(empty.statusCode).toBe(400);
      expect(await t.ctx.db.selectFrom('invites').selectAll().execute()).toHaveLength(0);
    });

    it('invites on a research project only the collaborators the registry lists, carrying their OIB, and foreign ones separately', async () => {
      const res = await invite('lead', 'research', ['Ivan.Kovacevic@gmail.com', 'mnovak@irb.hr', 'outsider@example.org'], ['jane.doe@uni-example.eu']);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        status: { code: 200, message: 'Invitations sent' },
        sent: ['ivan.kovacevic@gmail.com', 'mnovak@irb.hr', 'jane.doe@uni-example.eu'],
        skipped: [{ email: 'outsider@example.org', reason: 'not a collaborator of this project in CroRIS' }],
      });
      // The second of the registry's ';'-joined addresses counts, and the invitation carries that person's OIB.
      expect(await inviteRow('research', 'ivan.kovacevic@gmail.com')).toMatchObject({ person_oib: OIB.collab, invtype: 'local', inviter_id: ids.lead, accepted: false });
      expect(await inviteRow('research', 'mnovak@irb.hr')).toMatchObject({ person_oib: OIB.mnovak, invtype: 'local' });
      expect(await inviteRow('research', 'jane.doe@uni-example.eu')).toMatchObject({ person_oib: '', invtype: 'foreign' });
    });

    it('makes unguessable keys: 64 random lowercase letters and digits, all different', async () => {
      const rows = await t.ctx.db.selectFrom('invites').select(['key', 'sent']).execute();
      for (const row of rows) {
        expect(row.key).toMatch(/^[a-z0-9]{64}$/);
        expect(row.sent).not.toBeNull();
      }
      expect(new Set(rows.map((r) => r.key)).size).toBe(rows.length);
    });

    it('writes one mail per invitation to the outbox with the link: Croatian for local, English for foreign', async () => {
      const local = await inviteRow('research', 'mnovak@irb.hr');
      const foreign = await inviteRow('research', 'jane.doe@uni-example.eu');
      const mails = await t.ctx.db.selectFrom('outbox').selectAll().where('kind', '=', 'invite').execute();
      expect(mails).toHaveLength(3);
      const hr = mails.find((m) => m.to_addr === 'mnovak@irb.hr')!;
      expect(hr.subject).toBe(`Poziv na projekt "Projekt T-research" na usluzi ${t.ctx.schemas.service.serviceName.hr}`);
      expect(hr.body).toContain(`https://portal.example.org/ui/login-email/${local.key}\n`);
      expect(hr.body).toContain('Ana Horvat');
      expect(hr.body).toContain('Projekt T-research');
      const en = mails.find((m) => m.to_addr === 'jane.doe@uni-example.eu')!;
      expect(en.subject).toBe(`Invitation to the project "Projekt T-research" on ${t.ctx.schemas.service.serviceName.en}`);
      expect(en.body).toContain(`https://portal.example.org/ui/login-email/${foreign.key}/en`);
    });

    it('reports addresses with a pending invitation without failing the others, and refuses a request where nothing is left', async () => {
      const res = await invite('lead', 'research', ['mnovak@irb.hr', 'lmaric@fer.hr']);
      expect(res.statusCode).toBe(200);
      expect(res.json().sent).toEqual(['lmaric@fer.hr']);
      expect(res.json().skipped).toEqual([{ email: 'mnovak@irb.hr', reason: 'already invited' }]);
      const before = await t.ctx.db.selectFrom('outbox').select('id').execute();
      const again = await invite('lead', 'research', ['mnovak@irb.hr']);
      expect(again.statusCode).toBe(400);
      expect(again.json().status.message).toMatch(/No invitations sent: mnovak@irb.hr \(already invited\)/);
      expect(again.json().skipped).toEqual([{ email: 'mnovak@irb.hr', reason: 'already invited' }]);
      expect(await t.ctx.db.selectFrom('outbox').select('id').execute()).toHaveLength(before.length);
    });

    it('takes any local address on other types, foreign ones only on practical classes, and skips members', async () => {
      const practical = await invite('lead', 'practical', ['student@example.org', 'ikovacevic@pmf.hr'], ['guest@uni-example.eu']);
      expect(practical.json().sent).toEqual(['student@example.org', 'guest@uni-example.eu']);
      expect(practical.json().skipped).toEqual([{ email: 'ikovacevic@pmf.hr', reason: 'already a member of the project' }]);
      expect(await inviteRow('practical', 'guest@uni-example.eu')).toMatchObject({ invtype: 'foreign', person_oib: '' });
      const internal = await invite('lead', 'internal', ['colleague@example.org'], ['guest@uni-example.eu']);
      expect(internal.json().sent).toEqual(['colleague@example.org']);
      expect(internal.json().skipped).toEqual([{ email: 'guest@uni-example.eu', reason: 'foreign collaborators cannot be invited to this type of project' }]);
    });
  });

  describe('accepting', () => {
    it('answers "expired" for a key that does not exist', async () => {
      for (const key of ['a'.repeat(64), 'short', '../../etc']) {
        const res = await accept('collab', encodeURIComponent(key));
        expect(res.statusCode).toBe(404);
        expect(res.json().status.message).toMatch(/invitation code expired/i);
      }
    });

    it('refuses a local invitation to a foreign user and a foreign one to a local user, leaving them pending', async () => {
      const local = await inviteRow('research', 'mnovak@irb.hr');
      const wrongLocal = await accept('foreign', local.key);
      expect(wrongLocal.statusCode).toBe(400);
      expect(wrongLocal.json().status.message).toMatch(/invitation for local collaborators/i);
      const foreign = await inviteRow('research', 'jane.doe@uni-example.eu');
      const wrongForeign = await accept('collab', foreign.key);
      expect(wrongForeign.statusCode).toBe(400);
      expect(wrongForeign.json().status.message).toMatch(/Invitation for foreign collaborators that must authn via eduGAIN/);
      expect((await inviteRow('research', 'mnovak@irb.hr')).accepted).toBe(false);
      expect((await inviteRow('research', 'jane.doe@uni-example.eu')).accepted).toBe(false);
    });

    it('refuses a research invitation to someone whose OIB is not the invited one', async () => {
      const row = await inviteRow('research', 'ivan.kovacevic@gmail.com');
      const res = await accept('newbie', row.key);
      expect(res.statusCode).toBe(403);
      expect(res.json().status.message).toBe(`lmaric@fer.hr could not be associated to project T-research - OIB does not match`);
      expect(await rolesOf('newbie', 'research')).toEqual([]);
    });

    it('joins the invited person as collaborator with status, cluster username and a mail to the inviter', async () => {
      const row = await inviteRow('research', 'ivan.kovacevic@gmail.com');
      const res = await accept('collab', row.key);
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({ status: { code: 201, message: 'ikovacevic@pmf.hr associated to project T-research' } });
      expect(await rolesOf('collab', 'research')).toEqual(['collaborator']);
      expect(await userRow('collab')).toMatchObject({ status: true, person_username: 'ikovacev' });
      const mail = await t.ctx.db.selectFrom('outbox').selectAll().where('kind', '=', 'invite-accepted').executeTakeFirstOrThrow();
      expect(mail).toMatchObject({ to_addr: 'ahorvat@fer.hr', cc_addr: t.ctx.schemas.service.staffEmail, subject: 'Prijava korisnika uspješna' });
      expect(mail.body).toContain('Ivan Kovačević');
      const again = await accept('collab', row.key);
      expect(again.statusCode).toBe(409);
      expect(again.json().status.message).toMatch(/invitation code already used/i);
    });

    it('joins a foreign user through a foreign invitation and mails the inviter', async () => {
      const row = await inviteRow('research', 'jane.doe@uni-example.eu');
      const res = await accept('foreign', row.key);
      expect(res.statusCode).toBe(201);
      expect(await rolesOf('foreign', 'research')).toEqual(['collaborator']);
      const mails = await t.ctx.db.selectFrom('outbox').selectAll().where('kind', '=', 'invite-accepted').orderBy('id').execute();
      expect(mails).toHaveLength(2);
      expect(mails[1].body).toContain('Jane Doe');
    });

    it('answers "already assigned" when someone with the same OIB is on the project, and uses the code up', async () => {
      const row = await inviteRow('practical', 'student@example.org');
      const res = await accept('collab', row.key);
      expect(res.statusCode).toBe(400);
      expect(res.json().status.message).toBe('collab - User collab already assigned to project');
      expect((await accept('collab', row.key)).json().status.message).toMatch(/already used/);
    });

    it('answers "duplicate key" to a collaborator the OIB check cannot recognise', async () => {
      await t.ctx.db.updateTable('invites').set({ accepted: false }).where('email', '=', 'student@example.org').execute();
      const row = await inviteRow('practical', 'student@example.org');
      const res = await accept('nooib', row.key);
      expect(res.statusCode).toBe(400);
      expect(res.json().status.message).toMatch(/duplicate key/);
      expect(await rolesOf('nooib', 'practical')).toEqual(['collaborator']);
    });

    it('reads an invitation sent 8 days ago as "expired", before and after the cleanup', async () => {
      const row = await inviteRow('practical', 'guest@uni-example.eu');
      await t.ctx.db.updateTable('invites').set({ sent: new Date(Date.now() - 8 * 86_400_000) }).where('id', '=', row.id).execute();
      const stale = await accept('foreign', row.key);
      expect(stale.statusCode).toBe(404);
      expect(stale.json().status.message).toMatch(/invitation code expired/i);
      const pendingBefore = await t.ctx.db.selectFrom('invites').select('email').where('accepted', '=', false).execute();
      expect(await purgeUsedInvites(t.ctx.db, t.ctx.schemas)).toBeGreaterThanOrEqual(2);
      const gone = await accept('foreign', row.key);
      expect(gone.statusCode).toBe(404);
      expect(gone.json().status.message).toMatch(/invitation code expired/i);
      // Pending, unexpired invitations survive the cleanup.
      const pendingAfter = await t.ctx.db.selectFrom('invites').select('email').where('accepted', '=', false).execute();
      expect(pendingAfter.map((r) => r.email).sort()).toEqual(pendingBefore.map((r) => r.email).filter((e) => e !== 'guest@uni-example.eu').sort());
    });

    describe('institutional projects', () => {
      const keys: Record<string, string> = {};
      beforeAll(async () => {
        const addresses = ['collab', 'instmember', 'mnovak', 'nperic', 'jvukovic'].map((u) => `${u}@inst.example.org`);
        const res = await invite('lead', 'institutional', addresses);
        expect(res.json().sent).toHaveLength(addresses.length);
        for (const address of addresses) keys[address.split('@')[0]] = (await inviteRow('institutional', address)).key;
      });
      afterEach(() => {
        t.ctx.config.registry.url = standIn.url;
      });

      it.each([
        ['collab', 'User CroRIS project'],
        ['instmember', 'User institute project'],
        ['mnovak', 'Lead CroRIS project'],
        ['nperic', 'Associate CroRIS project'],
      ])('refuses %s with "%s"', async (user, reason) => {
        const res = await accept(user, keys[user]);
        expect(res.statusCode).toBe(403);
        expect(res.json().status.message).toBe(`${user} - ${reason}`);
        expect(await rolesOf(user, 'institutional')).toEqual([]);
      });

      it('refuses with 502 while the registry cannot be asked, and the invitation stays usable', async () => {
        t.ctx.config.registry.url = 'http://127.0.0.1:9';
        const res = await accept('jvukovic', keys.jvukovic);
        expect(res.statusCode).toBe(502);
        expect(res.json().status.message).toMatch(/Could not check the CroRIS projects/);
        expect((await inviteRow('institutional', 'jvukovic@inst.example.org')).accepted).toBe(false);
      });

      it('joins a person the registry does not know', async () => {
        const res = await accept('jvukovic', keys.jvukovic);
        expect(res.statusCode).toBe(201);
        expect(await rolesOf('jvukovic', 'institutional')).toEqual(['collaborator']);
      });
    });
  });

  describe('sent invitations', () => {
    it("lists the caller's pending invitations with their project", async () => {
      const res = await send('lead', 'GET', '/api/v1/internal/invites-sent/');
      expect(res.statusCode).toBe(200);
      const mnovak = res.json().find((i: { email: string }) => i.email === 'mnovak@irb.hr');
      expect(mnovak).toMatchObject({
        project: { id: projects.research.id, identifier: 'T-research', name: 'Projekt T-research' },
        inviter: { id: ids.lead },
        accepted: false,
        invtype: 'local',
        status: 'valid',
      });
      expect(mnovak.key).toBeUndefined();
      expect(res.json().every((i: { accepted: boolean }) => !i.accepted)).toBe(true);
      expect((await send('collab', 'GET', '/api/v1/internal/invites-sent/')).json()).toEqual([]);
    });

    it('cancels a pending invitation; a bad type is a 400, another inviter a 403, an unknown one a 404', async () => {
      const body = { type: 'inviterem', email: 'mnovak@irb.hr', projectid: projects.research.id, inviterid: ids.lead };
      const cancelledKey = (await inviteRow('research', 'mnovak@irb.hr')).key;
      const badType = await send('lead', 'POST', '/api/v1/internal/invites-sent/', { ...body, type: 'remove' });
      expect(badType.statusCode).toBe(400);
      const { type: _type, ...noType } = body;
      expect((await send('lead', 'POST', '/api/v1/internal/invites-sent/', noType)).statusCode).toBe(400);
      const other = await send('collab', 'POST', '/api/v1/internal/invites-sent/', body);
      expect(other.statusCode).toBe(403);
      const ok = await send('lead', 'POST', '/api/v1/internal/invites-sent/', body);
      expect(ok.statusCode).toBe(200);
      expect(ok.json().status.message).toBe('lead - Invitation successfully deleted');
      const again = await send('lead', 'POST', '/api/v1/internal/invites-sent/', body);
      expect(again.statusCode).toBe(404);
      expect(again.json().status.message).toBe('lead - Invitation not found');

      // The invitee's link now says it was cancelled (not "expired"), in the caller's language.
      const mnovak = await as('mnovak');
      const english = await t.app.inject({ method: 'GET', url: `/api/v1/internal/invites/${cancelledKey}/details`, headers: { cookie: mnovak.cookie, 'accept-language': 'en' } });
      expect(english.statusCode).toBe(404);
      expect(english.json().status.message).toBe('mnovak - Invitation was cancelled by the project lead');
      const croatian = await t.app.inject({ method: 'GET', url: `/api/v1/internal/invites/${cancelledKey}/details`, headers: { cookie: mnovak.cookie, 'accept-language': 'hr' } });
      expect(croatian.json().status.message).toBe('mnovak - Voditelj projekta otkazao je pozivnicu');
      const neverIssued = await t.app.inject({ method: 'GET', url: `/api/v1/internal/invites/${'e'.repeat(64)}/details`, headers: { cookie: mnovak.cookie, 'accept-language': 'en' } });
      expect(neverIssued.json().status.message).toBe('mnovak - Invitation code expired');
    });
  });
});
