import { format } from 'date-fns';
import {
  SOURCE_PROJECT_TYPE,
  SOURCE_ROLE,
  SOURCE_STATE,
  sourceApiKey,
  sourceDateExtend,
  sourceInvitation,
  sourceKey,
  sourceMembership,
  sourceProject,
  sourceSoftware,
  sourceStaffComment,
  sourceUser,
  type CurrentSource,
  djangoPbkdf2,
} from '../../scripts/lib/current-source';

/** The month in the project codes of {@link fillGappedSource}. */
export const SOURCE_MONTH = format(new Date(), 'yyyy-MM');

/** The ids {@link fillGappedSource} gives, by table here: every one has gaps below and between. */
export const GAPPED_IDS = {
  users: [3, 7, 12, 40],
  projects: [5, 9, 21, 33],
  memberships: [100, 104, 130, 131, 150, 170],
  ssh_keys: [8, 30, 31],
  invites: [6],
  staff_comments: [14, 27],
  extensions: [4, 11],
  science_software: [2, 17],
} as const;

/**
 * A current portal that has run for years: ids with gaps (users, projects, memberships, keys,
 * invitations, staff comments, extensions and modulefiles), keys of both hash forms, a revoked and
 * an expired key. Returns the API keys with their secrets.
 */
export async function fillGappedSource(source: CurrentSource) {
  const s = source.db;
  const month = SOURCE_MONTH;
  await s.insertInto('backend_user').values([
    sourceUser({ id: 3, username: 'ana.horvat@fer.hr', password: djangoPbkdf2('stara-lozinka', 'salt1'), person_username: 'ahorvat' }),
    sourceUser({ id: 7, username: 'ivan.kovacevic@pmf.hr', person_username: 'ikovacev' }),
    sourceUser({ id: 12, username: 'petra.peric@irb.hr', person_username: 'pperic' }),
    sourceUser({ id: 40, username: 'luka.lukic@unizg.hr', person_username: 'llukic' }),
  ]).execute();
  await s.insertInto('backend_project').values([
    sourceProject({ id: 5, identifier: `NR-${month}-004`, state_id: SOURCE_STATE.approve, project_type_id: SOURCE_PROJECT_TYPE.practical }),
    sourceProject({ id: 9, identifier: `NR-${month}-006`, state_id: SOURCE_STATE.extend, project_type_id: SOURCE_PROJECT_TYPE.practical }),
    sourceProject({ id: 21, identifier: `NR-${month}-009`, state_id: SOURCE_STATE.expire, project_type_id: SOURCE_PROJECT_TYPE.practical }),
    sourceProject({ id: 33, identifier: `NR-${month}-010`, state_id: SOURCE_STATE.submit, project_type_id: SOURCE_PROJECT_TYPE.practical }),
  ]).execute();
  await s.insertInto('backend_userproject').values([
    sourceMembership({ id: 100, user_id: 3, project_id: 5, role_id: SOURCE_ROLE.lead }),
    sourceMembership({ id: 104, user_id: 7, project_id: 5, role_id: SOURCE_ROLE.collaborator }),
    sourceMembership({ id: 130, user_id: 12, project_id: 9, role_id: SOURCE_ROLE.lead }),
    sourceMembership({ id: 131, user_id: 3, project_id: 9, role_id: SOURCE_ROLE.collaborator }),
    sourceMembership({ id: 150, user_id: 40, project_id: 21, role_id: SOURCE_ROLE.lead }),
    sourceMembership({ id: 170, user_id: 40, project_id: 33, role_id: SOURCE_ROLE.lead }),
  ]).execute();
  await s.insertInto('backend_sshpublickey').values([sourceKey({ id: 8, user_id: 3 }), sourceKey({ id: 30, user_id: 7 }), sourceKey({ id: 31, user_id: 12 })]).execute();
  await s.insertInto('backend_custominvitation').values([sourceInvitation({ id: 6, project_id: 5, inviter_id: 3, sent: new Date(Date.now() - 86_400_000) })]).execute();
  await s.insertInto('backend_staffcomment').values([sourceStaffComment({ id: 14, project_id: 5, project_state: 'approve' }), sourceStaffComment({ id: 27, project_id: 33, project_state: 'submit' })]).execute();
  await s.insertInto('backend_dateextend').values([sourceDateExtend({ id: 4, project_id: 9 }), sourceDateExtend({ id: 11, project_id: 9 })]).execute();
  await s.insertInto('backend_sciencesoftware').values([sourceSoftware({ id: 2, name: 'gromacs/2021.4-cuda' }), sourceSoftware({ id: 17, name: 'orca/5.0.4' })]).execute();
  const keys = {
    sha512: sourceApiKey(1),
    pbkdf2: sourceApiKey(2, { hash: 'pbkdf2' }),
    revoked: sourceApiKey(3, { revoked: true }),
    expired: sourceApiKey(4, { expiry_date: new Date(Date.now() - 86_400_000) }),
  };
  await s.insertInto('rest_framework_api_key_apikey').values(Object.values(keys).map((k) => k.row)).execute();
  return keys;
}
