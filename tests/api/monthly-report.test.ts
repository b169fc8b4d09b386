import { activeByInstitution, monthlyReportCsv } from '../../src/server/accounting/monthly-report';
import { startTestApp, type TestApp } from '../../harness/test-app';
import { addProject, addUser } from '../support/fixtures';

describe('monthly report of active projects and people per institution', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ seed: false });
    const ana = await addUser(t.ctx, 'ana', { person_institution: 'FER' });
    const ivan = await addUser(t.ctx, 'ivan', { person_institution: 'PMF' });
    const maja = await addUser(t.ctx, 'maja', { person_institution: 'FER' });
    const project = async (identifier: string, state: string, institute: string, approved: string | null, start: string, end: string, members: number[]) => {
      const id = await addProject(t.ctx, identifier, state, members.map((m, i) => [m, i === 0 ? 'lead' : 'collaborator']));
      await t.ctx.db.updateTable('projects').set({ institute, date_approved: approved, date_start: start, date_end: end }).where('id', '=', id).execute();
    };
    await project('R-running', 'approve', 'FER', '2026-01-10', '2026-01-01', '2026-12-31', [ana, ivan]);
    await project('R-ended-in-feb', 'expire', 'FER', '2025-01-20', '2025-01-15', '2026-02-15', [ana, maja]);
    await project('R-request', 'submit', 'PMF', null, '2026-02-01', '2026-12-31', [ivan]);
    await project('R-approved-later', 'approve', 'PMF', '2026-03-05', '2026-03-01', '2026-12-31', [ivan]);
    await project('R-ended-before', 'expire', 'PMF', '2025-01-20', '2025-01-15', '2026-01-31', [ivan]);
  });
  afterAll(() => t.close());

  it('counts projects active in the month under their institute and their people once under their own institution', async () => {
    expect(await activeByInstitution(t.ctx.db, t.ctx.schemas, '2026-02')).toEqual([
      { institution: 'FER', projects: 2, users: 2 },
      { institution: 'PMF', projects: 0, users: 1 },
    ]);
  });

  it('writes CSV with a header and a total row', async () => {
    const csv = monthlyReportCsv('2026-03', await activeByInstitution(t.ctx.db, t.ctx.schemas, '2026-03'));
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv.slice(1).trim().split('\r\n')).toEqual([
      'month,institution,active_projects,active_users',
      '2026-03,FER,1,1',
      '2026-03,PMF,1,1',
      '2026-03,total,2,2',
    ]);
  });

  it('writes an institution whose name begins like a formula as text', () => {
    const csv = monthlyReportCsv('2026-03', [{ institution: '=HYPERLINK("http://evil.example/")', projects: 1, users: 1 }]);
    expect(csv).toContain(`2026-03,"'=HYPERLINK(""http://evil.example/"")",1,1`);
  });

  it('refuses a month that is not yyyy-MM', async () => {
    await expect(activeByInstitution(t.ctx.db, t.ctx.schemas, 'March')).rejects.toThrow('month must be yyyy-MM');
  });
});
