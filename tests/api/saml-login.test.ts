import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cookiesOf, type TestApp } from '../../harness/test-app';
import { postToAcs, startLogin, startSamlApp, useSamlApp, type Federation } from '../../harness/saml';
import { generalRequest } from '../../harness/request-payloads';
import type { IdpStandIn } from '../../src/server/saml/stand-in/idp-stand-in';
import { identityByKey, type StandInIdentity } from '../../src/server/saml/stand-in/demo-identities';
import { loadSchemaSet } from '../../src/schema-runtime/node';

const schemas = loadSchemaSet();

describe('federated sign-in: users from attributes', () => {
  let idp: IdpStandIn;
  let t: TestApp;
  useSamlApp((started) => ({ idp, t } = started));

  const session = async (cookie: string) => (await t.app.inject({ method: 'GET', url: '/api/v1/sessionactive', headers: { cookie } })).json();
  const signIn = async (federation: Federation, identity: string | StandInIdentity, app = t, relay = '') => {
    const { requestId, spEntityId, relayState, cookie } = await startLogin(app, federation, relay);
    const { samlResponse } = await idp.loginResponse({ federation, identity, spEntityId, inResponseTo: requestId });
    return postToAcs(app, federation, samlResponse, relayState, cookie);
  };
  const user = (username: string) => t.ctx.db.selectFrom('users').selectAll().where('username', '=', username).executeTakeFirst();
  const count = async (table: 'users' | 'sessions') =>
    Number((await t.ctx.db.selectFrom(table).select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);

  it('signs a national demo user in by OIB, issues a session with a CSRF token and saml2_idp, and lands on the post-login route', async () => {
    const res = await signIn('national', 'lead');
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/ui/saml2-login-redirect');
    const body = await session(cookiesOf(res));
    expect(body.active).toBe(true);
    expect(body.userdetails).toMatchObject({ username: 'lead', person_oib: '20930726687', person_type: 'local' });
    expect(body.saml2_idp).toBe(idp.entityId.national);
    expect(body.csrftoken).toMatch(/^[\w-]{20,}$/);
    expect(schemas.validate('entities/session', body)).toEqual({ valid: true, issues: [] });
    // The session's CSRF token guards mutating calls exactly as after a password login.
    const cookie = cookiesOf(res);
    const without = await t.app.inject({ method: 'POST', url: '/auth/logout/', headers: { cookie } });
    expect(without.statusCode).toBe(403);
  });

  it('creates a first-time national user from the attributes, inactive and local, and refreshes them on the next login', async () => {
    const before = await count('users');
    const res = await signIn('national', 'new-national');
    expect(res.headers.location).toBe('/ui/saml2-login-redirect');
    expect(await count('users')).toBe(before + 1);
    expect(await user('nnovosel@ffzg.hr')).toMatchObject({
      person_oib: '71429538065',
      person_uniqueid: 'nnovosel@ffzg.hr',
      first_name: 'Nina',
      last_name: 'Novosel',
      person_mail: 'nnovosel@ffzg.hr',
      person_affiliation: 'student',
      person_institution: 'Filozofski fakultet',
      person_institution_oib: '90633715804',
      person_organisation: 'Odsjek za psihologiju',
      person_type: 'local',
      status: false,
      password_hash: null,
    });
    const renamed = structuredClone(identityByKey('new-national')!);
    Object.assign(renamed.attributes, { sn: 'Novosel Kralj', mail: 'nina.kralj@ffzg.hr', ou: 'Odsjek za sociologiju' });
    const again = await signIn('national', renamed);
    expect(again.headers.location).toBe('/ui/saml2-login-redirect');
    expect(await count('users')).toBe(before + 1);
    expect(await user('nnovosel@ffzg.hr')).toMatchObject({ last_name: 'Novosel Kralj', person_mail: 'nina.kralj@ffzg.hr', person_organisation: 'Odsjek za sociologiju' });
  });

  it('creates an eduGAIN user as foreign, who cannot submit requests', async () => {
    const res = await signIn('edugain', 'edugain-new');
    expect(res.headers.location).toBe('/ui/saml2-login-redirect');
    const body = await session(cookiesOf(res));
    expect(body.userdetails).toMatchObject({
      username: 'erik.svensson@uni-example.se',
      person_uniqueid: 'erik.svensson@uni-example.se',
      person_type: 'foreign',
      person_institution: 'Example University Sweden',
      status: false,
    });
    expect(body.saml2_idp).toBe(idp.entityId.edugain);
    expect(body.saml2_idp).toContain('edugainproxy');
    const submit = await t.app.inject({
      method: 'POST',
      url: '/api/v1/internal/projects-general/',
      headers: { cookie: cookiesOf(res), 'x-csrftoken': body.csrftoken, 'content-type': 'application/json' },
      payload: generalRequest(),
    });
    expect(submit.statusCode).toBe(403);
    expect(submit.json().status.message).toBe('Foreign researchers cannot submit requests for now');
  });

  it('refuses an eduGAIN name that collides with an existing user on the "multiple" page, writing nothing', async () => {
    const before = await count('users');
    const res = await signIn('edugain', 'edugain-namesake');
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/ui/saml2-error/edugainmultiple?federation=edugain');
    expect(res.cookies.find((c) => c.name === 'computing_session')).toBeUndefined();
    expect(await count('users')).toBe(before);
  });

  it('finds the namesake whatever the case and accents of the stored name', async () => {
    await t.ctx.db.insertInto('users').values({ username: 'zduric-local', password_hash: null, first_name: 'ŽELJKO', last_name: 'Đurić' }).execute();
    const namesake = structuredClone(identityByKey('edugain-new')!);
    Object.assign(namesake.attributes, { eduPersonPrincipalName: 'zeljko.duric@uni-example.de', givenName: 'Zeljko', sn: 'DURIC', mail: 'zd@uni-example.de' });
    const res = await signIn('edugain', namesake);
    expect(res.headers.location).toBe('/ui/saml2-error/edugainmultiple?federation=edugain');
  });

  it('names exactly the missing attributes of an eduGAIN identity', async () => {
    const before = await count('users');
    const res = await signIn('edugain', 'edugain-missing');
    expect(res.headers.location).toBe('/ui/saml2-error/edugainattrs?federation=edugain&missing=mail');
    const partial = structuredClone(identityByKey('edugain-missing')!);
    delete partial.attributes.sn;
    const two = await signIn('edugain', partial);
    expect(two.headers.location).toBe(`/ui/saml2-error/edugainattrs?federation=edugain&missing=${encodeURIComponent('sn,mail')}`);
    expect(await count('users')).toBe(before);
  });

  it('refuses national identities coming through the eduGAIN proxy with the generic page', async () => {
    const res = await signIn('edugain', 'edugain-national');
    expect(res.headers.location).toBe('/ui/saml2-error/notallowed?federation=edugain');
    expect(res.cookies.find((c) => c.name === 'computing_session')).toBeUndefined();
  });

  it('names the missing national id of a national-federation identity, on the page of the national federation', async () => {
    const noOib = structuredClone(identityByKey('collab')!);
    delete noOib.attributes.hrEduPersonOIB;
    const res = await signIn('national', noOib);
    expect(res.headers.location).toBe('/ui/saml2-error/edugainattrs?federation=national&missing=hrEduPersonOIB');
  });

  it('goes back to the page the user was going to when login/ was given one, and ignores other targets', async () => {
    const res = await signIn('national', 'collab', t, '/ui/memberships');
    expect(res.headers.location).toBe('/ui/memberships');
    const away = await signIn('national', 'collab', t, 'https://evil.example/ui/x');
    expect(away.headers.location).toBe('/ui/saml2-login-redirect');
  });

  describe('with the eduGAIN rules configured', () => {
    let mapped: TestApp;
    const mapFile = join(mkdtempSync(join(tmpdir(), 'edugain-map-')), 'edugain_user_map.json');
    beforeAll(async () => {
      writeFileSync(mapFile, JSON.stringify([{ from: 'jdoe@other-example.org', to: 'foreign' }, { from: 'ahorvat@fer.hr', to: 'lead' }]));
      mapped = await startSamlApp(idp, { saml: { edugainUserMap: mapFile, edugainAllowAaiEduHr: true } });
    });
    afterAll(() => mapped.close());

    it('logs a mapped ePPN into the existing account named in the user map, keeping its username', async () => {
      const res = await signIn('edugain', 'edugain-namesake', mapped);
      expect(res.headers.location).toBe('/ui/saml2-login-redirect');
      const body = (await mapped.app.inject({ method: 'GET', url: '/api/v1/sessionactive', headers: { cookie: cookiesOf(res) } })).json();
      expect(body.userdetails).toMatchObject({ username: 'foreign', person_uniqueid: 'jdoe@other-example.org', person_type: 'foreign' });
    });

    it('lets national identities through the proxy when that is allowed (here mapped to their account)', async () => {
      const res = await signIn('edugain', 'edugain-national', mapped);
      expect(res.headers.location).toBe('/ui/saml2-login-redirect');
      const body = (await mapped.app.inject({ method: 'GET', url: '/api/v1/sessionactive', headers: { cookie: cookiesOf(res) } })).json();
      expect(body.userdetails.username).toBe('lead');
    });

    it('creates a new account for an ePPN the user map sends to "new" despite the namesake', async () => {
      const namesake = structuredClone(identityByKey('edugain-namesake')!);
      Object.assign(namesake.attributes, { eduPersonPrincipalName: 'jane.doe@third-example.org', mail: 'jane.doe@third-example.org' });
      const refused = await signIn('edugain', namesake, mapped);
      expect(refused.headers.location).toBe('/ui/saml2-error/edugainmultiple?federation=edugain');
      writeFileSync(mapFile, JSON.stringify([{ from: 'jane.doe@third-example.org', to: 'new' }]));
      const res = await signIn('edugain', namesake, mapped);
      expect(res.headers.location).toBe('/ui/saml2-login-redirect');
      const created = await mapped.ctx.db.selectFrom('users').selectAll().where('username', '=', 'jane.doe@third-example.org').executeTakeFirst();
      expect(created).toMatchObject({ first_name: 'Jane', last_name: 'Doe', person_type: 'foreign', status: false });
    });
  });
});

describe('federated sign-in: accounts that may not sign in', () => {
  let idp: IdpStandIn;
  let t: TestApp;
  useSamlApp((started) => ({ idp, t } = started));

  it('refuses a deactivated national account, as password login does, on the generic error page', async () => {
    await t.ctx.db.updateTable('users').set({ is_active: false }).where('username', '=', 'collab').execute();
    const { requestId, spEntityId, cookie } = await startLogin(t, 'national');
    const { samlResponse } = await idp.loginResponse({ federation: 'national', identity: 'collab', spEntityId, inResponseTo: requestId });
    const res = await postToAcs(t, 'national', samlResponse, '', cookie);
    expect(res.headers.location).toBe('/ui/error?reason=saml');
    expect(res.cookies.find((c) => c.name === 'computing_session')).toBeUndefined();
  });

  it('refuses a first national login whose unique id is already another person’s username', async () => {
    await t.ctx.db.insertInto('users').values({ username: 'nnovosel@ffzg.hr', password_hash: null, person_oib: '' }).execute();
    const { requestId, spEntityId, cookie } = await startLogin(t, 'national');
    const { samlResponse } = await idp.loginResponse({ federation: 'national', identity: 'new-national', spEntityId, inResponseTo: requestId });
    const res = await postToAcs(t, 'national', samlResponse, '', cookie);
    expect(res.headers.location).toBe('/ui/error?reason=saml');
    const rows = await t.ctx.db.selectFrom('users').select('person_oib').where('username', '=', 'nnovosel@ffzg.hr').execute();
    expect(rows).toEqual([{ person_oib: '' }]);
  });
});
