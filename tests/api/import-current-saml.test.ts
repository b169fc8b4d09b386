import { cookiesOf, type TestApp } from '../../harness/test-app';
import { postToAcs, startLogin, useSamlApp, type Federation } from '../../harness/saml';
import { createCurrentSource, sourceMembership, sourceProject, sourceUser, type CurrentSource } from '../../scripts/lib/current-source';
import { importCurrent } from '../../src/server/import-current/import-current';
import type { IdpStandIn } from '../../src/server/saml/stand-in/idp-stand-in';

// Federated users of the current portal come across without a password: their next SAML sign-in
// finds them by the same attributes as today (OIB for AAI@EduHR; for eduGAIN the ePPN, which is their username).
describe('imported federated users at their first sign-in here', () => {
  let idp: IdpStandIn;
  let t: TestApp;
  let source: CurrentSource;
  useSamlApp((started) => ({ idp, t } = started));

  const signIn = async (federation: Federation, identity: string) => {
    const { requestId, spEntityId, relayState, cookie } = await startLogin(t, federation);
    const { samlResponse } = await idp.loginResponse({ federation, identity, spEntityId, inResponseTo: requestId });
    const res = await postToAcs(t, federation, samlResponse, relayState, cookie);
    return (await t.app.inject({ method: 'GET', url: '/api/v1/sessionactive', headers: { cookie: cookiesOf(res) } })).json();
  };
  const userCount = async () => Number((await t.ctx.db.selectFrom('users').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);

  beforeAll(async () => {
    source = await createCurrentSource();
    await source.db
      .insertInto('backend_user')
      .values([
        // The stand-in's "new national user" and "new eduGAIN user", as the current portal knows them.
        // Ids above the demo data's: the import keeps them, and refuses ids rows here hold.
        sourceUser({ id: 9001, username: 'nnovosel.old', person_oib: '71429538065', person_uniqueid: 'nnovosel@ffzg.hr', person_username: 'nnovosel' }),
        sourceUser({ id: 9002, username: 'erik.svensson@uni-example.se', person_oib: '', person_uniqueid: 'erik.svensson@uni-example.se', person_type: 'foreign', person_username: 'esvensso' }),
      ])
      .execute();
    await source.db.insertInto('backend_project').values(sourceProject({ id: 9001, identifier: 'NR-2025-02-011' })).execute();
    await source.db.insertInto('backend_userproject').values(sourceMembership({ id: 9001, user_id: 9001, project_id: 9001 })).execute();
    const report = await importCurrent(t.ctx.db, source.db, t.ctx.schemas);
    expect(report.collisions).toEqual([]);
    expect(report.refused).toEqual([]);
  });
  afterAll(async () => {
    await source.close();
  });

  it('finds a national user by OIB and an eduGAIN user by ePPN (their username), creating no one', async () => {
    const before = await userCount();
    const nina = await signIn('national', 'new-national');
    expect(nina.userdetails).toMatchObject({ username: 'nnovosel.old', person_username: 'nnovosel', person_type: 'local' });
    const erik = await signIn('edugain', 'edugain-new');
    expect(erik.userdetails).toMatchObject({ username: 'erik.svensson@uni-example.se', person_username: 'esvensso', person_type: 'foreign' });
    expect(await userCount()).toBe(before);
  });
});
