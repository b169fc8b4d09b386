/**
 * Starts the portal for the browser tests on E2E_PORT (default 8123); see e2e-portal.ts.
 *
 * It also seeds one pending invitation with a known key (SAML_INVITE_KEY) for the national user the
 * stand-in identity provider creates on first login, so a browser test can open the link before a
 * federated sign-in (seeded keys are random), and a local account only the sessions test signs in
 * with (SESSIONS_USER): its "end all other sessions" must not end another test's.
 */
import { runE2ePortal, runMain } from '../../harness/e2e-portal';
import { SAML_INVITE_EMAIL, SAML_INVITE_KEY, SAML_INVITE_PROJECT } from './helpers/saml';
import { SESSIONS_USER } from './helpers/portal';
import { createLocalUser } from '../../src/server/users/user-admin';

runMain(() =>
  runE2ePortal({
    port: Number(process.env.E2E_PORT ?? 8123),
    label: 'e2e portal',
    afterSeed: async ({ db }) => {
      const project = await db.selectFrom('projects').select('id').where('name', '=', SAML_INVITE_PROJECT).executeTakeFirstOrThrow();
      const lead = await db.selectFrom('users').select('id').where('username', '=', 'lead').executeTakeFirstOrThrow();
      await db
        .insertInto('invites')
        .values({ key: SAML_INVITE_KEY, email: SAML_INVITE_EMAIL, project_id: project.id, inviter_id: lead.id, invtype: 'local', sent: new Date() })
        .execute();
      await createLocalUser(db, { username: SESSIONS_USER, password: SESSIONS_USER, firstName: 'Sanja', lastName: 'Sesić', email: 'sanja.sesic@srce.hr' });
    },
  }),
);
