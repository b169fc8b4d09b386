import { mkdtempSync, rmSync, writeFileSync, cpSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runValidate } from '../../../scripts/validate';

describe('the QA tool (npm run validate)', () => {
  let dir: string;
  const run = (...args: string[]) => {
    const lines: string[] = [];
    const code = runValidate(args, (l) => lines.push(l));
    return { code, out: lines.join('\n') };
  };
  const payload = (name: string, data: unknown) => {
    const file = join(dir, name);
    writeFileSync(file, JSON.stringify(data));
    return file;
  };
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'qa-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('exits 0 and says so for a valid payload', () => {
    const { code, out } = run('rules/resource-limits', payload('ok.json', { HPCnSlotsCPU: 12 }));
    expect(code).toBe(0);
    expect(out).toMatch(/^valid/);
  });

  it('prints every error in plain words and exits 1 for an invalid payload', () => {
    const { code, out } = run('rules/resource-limits', payload('bad.json', { HPCnSlotsCPU: 6657, CLOUDnIPs: 0 }));
    expect(code).toBe(1);
    expect(out).toContain('/HPCnSlotsCPU: The number cannot be greater than 6656');
    expect(out).toContain('/CLOUDnIPs: The number cannot be less than 1');
  });

  it('prints Croatian messages with --lang hr', () => {
    const { out } = run('rules/resource-limits', payload('bad2.json', { HPCnSlotsCPU: 6657 }), '--lang', 'hr');
    expect(out).toContain('Broj ne može biti veći od 6656');
  });

  it('refuses a control character in a one-line field and keeps line ends in a multi-line one, in either language', () => {
    const key = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIIYhlL62tQrdexks0Hox4HcDoSlCWeEfmiFxAJaZZb4k ana@laptop';
    const escaped = payload('escape.json', { name: 'laptop\u001b[2J', public_key: key });
    const hr = run('api/ssh-key-new', escaped, '--lang', 'hr');
    expect(hr.code).toBe(1);
    expect(hr.out).toContain('/name: Sadrži kontrolni znak ili znak za smjer pisanja (U+001B), koji ne smije biti u tekstu');
    const en = run('api/ssh-key-new', payload('newline.json', { name: 'laptop\nSubject: x', public_key: key }));
    expect(en.out).toContain('/name: Must be a single line');
    expect(run('api/extension-new', payload('lines.json', { reason: 'Prvi redak\r\n\tdrugi', date_end: '2027-01-31' })).code).toBe(0);
  });

  it('accepts what a raised maximum in a copy of the schemas allows, with no code edit', () => {
    const schemasCopy = join(dir, 'schemas');
    cpSync(join(process.cwd(), 'schemas'), schemasCopy, { recursive: true });
    const file = join(schemasCopy, 'rules', 'resource-limits.json');
    const limits = JSON.parse(readFileSync(file, 'utf8'));
    limits.properties.HPCnSlotsCPU.maximum = 8000;
    writeFileSync(file, JSON.stringify(limits));
    const big = payload('big.json', { HPCnSlotsCPU: 7000 });
    expect(run('rules/resource-limits', big).code).toBe(1);
    expect(run('rules/resource-limits', big, '--schemas', schemasCopy).code).toBe(0);
  });

  it('exits 2 with the list of schemas for an unknown schema id, and for unreadable JSON', () => {
    const unknown = run('rules/nope', payload('x.json', {}));
    expect(unknown.code).toBe(2);
    expect(unknown.out).toContain('rules/resource-limits');
    writeFileSync(join(dir, 'broken.json'), '{');
    expect(run('rules/resource-limits', join(dir, 'broken.json')).code).toBe(2);
  });

  it('validates for the caller\'s role: a staff-only resource type is refused for --role user, the default, and accepted for --role staff', () => {
    const change = payload('penkala.json', { resources_type: [{ label: 'PENKALA', value: 'PENKALA' }] });
    const asUser = run('api/project-change', change);
    expect(asUser.code).toBe(1);
    expect(asUser.out).toContain('/resources_type/0/value: Only staff can choose PENKALA');
    expect(run('api/project-change', change, '--role', 'user', '--lang', 'hr').out).toContain('Samo osoblje može odabrati PENKALA');
    expect(run('api/project-change', change, '--role', 'staff').code).toBe(0);
    expect(run('api/project-change', change, '--role', 'admin').code).toBe(2);
  });

  it('names the live-data rules it cannot judge for each payload', () => {
    const extension = run('api/extension-new', payload('ext.json', { reason: 'Treba još vremena', date_end: '2030-01-31' }));
    expect(extension.code).toBe(0);
    expect(extension.out).toMatch(/^not judged: projectState/m);
    const software = run('api/project-change', payload('sw.json', { science_software: ['gromacs'] }), '--role', 'staff');
    expect(software.out).toMatch(/^not judged: installedSoftware/m);
    const none = run('rules/resource-limits', payload('limits.json', { HPCnSlotsCPU: 12 }));
    expect(none.out).not.toContain('not judged');
  });

  it('prints the fields a whole-form-state body ignores as warnings, for every body that ignores them', () => {
    const software = run('api/software-new', payload('software.json', {
      applications: [{ pk: 1, name: 'amber/22-gnu' }],
      searchName: '',
      searchCreated: '',
      searchAddedBy: '',
      newAppModuleName: 'gromacs/2024.1',
      newAppAddedBy: { value: 'Marko Babić', label: 'Marko Babić' },
      username: 'staff',
    }), '--role', 'staff');
    expect(software.code).toBe(0);
    for (const field of ['applications', 'searchName', 'searchCreated', 'searchAddedBy'])
      expect(software.out).toContain(`warning: /${field}: unknown field, ignored`);
    expect(software.out).not.toMatch(/warning: \/(newAppModuleName|newAppAddedBy|username)/);

    const invites = run('api/invites-new', payload('invites.json', {
      collaboratorEmails: [{ label: 'ivan@fer.hr', value: 'ivan@fer.hr' }],
      collaboratorUids: '',
      foreignCollaboratorEmails: '',
      type: 'add',
      project: 'NR-2026-03-001',
      projectid: 7,
    }));
    expect(invites.code).toBe(0);
    expect(invites.out).toContain('warning: /collaboratorUids: unknown field, ignored');
    expect(invites.out).toContain('warning: /foreignCollaboratorEmails: empty, not given');

    // The fields it knows are judged as always, the warnings printed beside the errors.
    const bad = run('api/software-new', payload('software-bad.json', { newAppModuleName: 'two words', newAppAddedBy: { value: 'staff', label: 'x' }, searchName: '' }));
    expect(bad.code).toBe(1);
    expect(bad.out).toContain('warning: /searchName: unknown field, ignored');
    expect(bad.out).toMatch(/^ {2}\/newAppModuleName: /m);
    // A body that does not take whole form states still refuses an unknown field.
    const login = run('api/login', payload('login.json', { username: 'lead', password: 'x', remember: true }));
    expect(login.code).toBe(1);
    expect(login.out).not.toContain('warning:');
  });

  it('refuses a whitespace-only extension reason by the schema', () => {
    const { code, out } = run('api/extension-new', payload('blank.json', { reason: '   ', date_end: '2030-01-31' }));
    expect(code).toBe(1);
    expect(out).toContain('/reason');
  });
});
