import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { createSchemaCatalog } from '../../../src/schema-runtime/schema-catalog';
import type { PortalProject } from '../../../src/client/api/projects';
import {
  membershipControls,
  membershipProjects,
  membershipRuleSet,
  signOffCandidates,
  submissionType,
} from '../../../src/client/features/memberships/membership-rules';

const schemaDir = path.resolve(__dirname, '../../../schemas');
const docs = [
  ...readdirSync(path.join(schemaDir, 'rules')).map((f) => path.join(schemaDir, 'rules', f)),
  path.join(schemaDir, 'requests', 'index.json'),
].map((file) => JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>);
const rules = membershipRuleSet(createSchemaCatalog(docs));

const lead = { id: 1, is_staff: false, is_superuser: false };
const collab = { id: 2, is_staff: false, is_superuser: false };
const staff = { id: 3, is_staff: true, is_superuser: false };
const person = (id: number) => ({ id, username: `u${id}`, first_name: 'F', last_name: 'L' });

function project(type: string, state = 'approve', isActive = true): PortalProject {
  return {
    id: 10,
    identifier: 'NR-1',
    name: 'P',
    reason: '',
    is_active: isActive,
    state: { name: state },
    project_type: { name: type },
    userproject_set: [
      { user: person(1), role: { name: 'lead' } },
      { user: person(2), role: { name: 'collaborator' } },
      { user: person(3), role: { name: 'collaborator' } },
    ],
  } as PortalProject;
}

describe('memberships rules', () => {
  it('leaves out requests (submit, deny) and splits active from inactive', () => {
    const list = [project('practical', 'submit'), project('practical', 'deny'), project('practical', 'approve'), project('practical', 'expire', false)];
    const { active, inactive } = membershipProjects(list, rules);
    expect(active.map((p) => p.state.name)).toEqual(['approve']);
    expect(inactive.map((p) => p.state.name)).toEqual(['expire']);
  });

  it('gives the lead invite, sign-off and cancel controls, and a collaborator none', () => {
    const forLead = membershipControls(lead, project('thesis'), rules);
    expect(forLead).toMatchObject({ isLead: true, invite: true, signOff: true, cancelInvites: true, foreignInvites: false, addByUsername: false });
    const forCollab = membershipControls(collab, project('thesis'), rules);
    expect(forCollab).toMatchObject({ isLead: false, invite: false, signOff: false, cancelInvites: false, foreignInvites: false });
  });

  it('offers foreign invitations on practical classes and registry projects only', () => {
    expect(membershipControls(lead, project('practical'), rules).foreignInvites).toBe(true);
    expect(membershipControls(lead, project('research-croris'), rules)).toMatchObject({ foreignInvites: true, localInvites: 'registry' });
    expect(membershipControls(lead, project('research-institutional'), rules)).toMatchObject({ foreignInvites: false, localInvites: 'free' });
  });

  it('lets staff add by username on internal and workshop projects only', () => {
    expect(membershipControls(staff, project('internal'), rules).addByUsername).toBe(true);
    expect(membershipControls(staff, project('srce-workshop'), rules).addByUsername).toBe(true);
    expect(membershipControls(staff, project('practical'), rules).addByUsername).toBe(false);
    expect(membershipControls(lead, project('internal'), rules).addByUsername).toBe(false);
  });

  it('never offers the lead for sign-off', () => {
    expect(signOffCandidates(project('practical'), rules)).toEqual([2, 3]);
  });

  it('sends add_internal only when usernames and no addresses are chosen', () => {
    expect(submissionType([], ['ana'])).toBe('add_internal');
    expect(submissionType(['a@b.hr'], ['ana'])).toBe('add');
    expect(submissionType(['a@b.hr'], [])).toBe('add');
    expect(submissionType([], [])).toBeNull();
  });
});
