/**
 * A portal for the browser test of imported users: like start-server.ts (fresh database, demo
 * data), and then the import from a small source in the current portal's schema — a local user
 * with a Django password hash, an approved practical project the user leads with a collaborator, a
 * denied request and two SSH keys (helpers/imported-portal.ts names them). Listens on
 * E2E_IMPORTED_PORT; fails to start when the import refuses a row.
 */
import { addYears, format, subDays } from 'date-fns';
import { createCurrentSource, SOURCE_PROJECT_TYPE, SOURCE_ROLE, SOURCE_STATE, sourceKey, sourceMembership, sourceProject, sourceUser, djangoPbkdf2 } from '../../scripts/lib/current-source';
import { importCurrent } from '../../src/server/import-current/import-current';
import { unacceptedRefusals } from '../../src/server/import-current/report';
import { runE2ePortal, runMain } from '../../harness/e2e-portal';
import { IMPORTED } from './helpers/imported-portal';

const day = (date: Date) => format(date, 'yyyy-MM-dd');
/** The import keeps the source's ids: these sit above the demo data's, as a long-running portal's ids would. */
const id = (n: number) => 9000 + n;

runMain(async () => {
  const port = Number(process.env.E2E_IMPORTED_PORT);
  if (!port) throw new Error('E2E_IMPORTED_PORT is required');
  await runE2ePortal({
    port,
    label: 'e2e portal with imported data',
    afterSeed: async ({ db, schemas }) => {
      const source = await createCurrentSource();
      try {
        const s = source.db;
        const now = new Date();
        const person = (username: string, personUsername: string) => ({ username, email: username, person_mail: username, person_uniqueid: username, person_username: personUsername });
        await s
          .insertInto('backend_user')
          .values([
            sourceUser({
              id: id(1),
              ...person(IMPORTED.username, 'stomic'),
              first_name: IMPORTED.firstName,
              last_name: IMPORTED.lastName,
              password: djangoPbkdf2(IMPORTED.password, 'e2esalt'),
            }),
            sourceUser({ id: id(2), ...person(IMPORTED.collaborator, 'lradic'), first_name: 'Luka', last_name: 'Radić' }),
          ])
          .execute();
        const dates = (submitted: Date) => ({ date_submitted: submitted, date_start: day(submitted), date_end: day(addYears(submitted, 1)) });
        await s
          .insertInto('backend_project')
          .values([
            sourceProject({
              id: id(1),
              identifier: IMPORTED.project.code,
              name: IMPORTED.project.name,
              state_id: SOURCE_STATE.approve,
              project_type_id: SOURCE_PROJECT_TYPE.practical,
              ...dates(subDays(now, 3)),
              date_approved: subDays(now, 2),
              date_changed: subDays(now, 2),
            }),
            sourceProject({
              id: id(2),
              identifier: IMPORTED.denied.code,
              name: IMPORTED.denied.name,
              state_id: SOURCE_STATE.deny,
              project_type_id: SOURCE_PROJECT_TYPE.practical,
              ...dates(subDays(now, 1)),
            }),
          ])
          .execute();
        await s
          .insertInto('backend_userproject')
          .values([
            sourceMembership({ id: id(1), user_id: id(1), project_id: id(1), role_id: SOURCE_ROLE.lead }),
            sourceMembership({ id: id(2), user_id: id(2), project_id: id(1), role_id: SOURCE_ROLE.collaborator }),
            sourceMembership({ id: id(3), user_id: id(1), project_id: id(2), role_id: SOURCE_ROLE.lead }),
          ])
          .execute();
        const [first, second] = IMPORTED.keys;
        await s
          .insertInto('backend_sshpublickey')
          .values([
            sourceKey({ id: id(1), user_id: id(1), ...first }),
            sourceKey({ id: id(2), user_id: id(1), ...second, fingerprint: IMPORTED.staleFingerprint }),
          ])
          .execute();
        const report = await importCurrent(db, s, schemas);
        if (report.collisions.length) throw new Error(`the import found rows holding its ids: ${report.collisions.map((c) => `${c.table} ${c.id}`).join(', ')}`);
        const refused = unacceptedRefusals(report);
        if (refused.length > 0) throw new Error(`the import refused rows: ${refused.map((r) => `${r.table} ${r.id}: ${r.reason}`).join('; ')}`);
      } finally {
        await source.close();
      }
    },
  });
});
