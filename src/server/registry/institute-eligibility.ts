/**
 * Whether a user may request an institutional project (reference §3.8): people who have registry
 * projects, or already have access through a registry-based or institutional project, may not;
 * the registry must know their MBZ.
 */
import type { InstituteCheck } from '@generated';
import type { AppContext } from '@/server/context';
import type { UserRow } from '@/server/users/queries';
import { activeStateNames } from '../projects/active-states';
import { cachedRegistryInfo } from './registry-snapshots';
import { STATE } from '../projects/state-rules';
import { projectsOfMember, ROLE } from '@/server/memberships/queries';

type Reason = InstituteCheck['status']['message'];

const deny = (message: Reason): InstituteCheck => ({ status: { code: 200, operation: 'DENY', message } });

/** Names from the vocabularies, checked to exist so a renamed value fails loudly, not silently allows. */
function vocabularyNames(ctx: AppContext) {
  const types = ctx.schemas.vocabulary<{ registryBased?: boolean; institutional?: boolean }>('rules/project-types');
  const roles = ctx.schemas.vocabulary('rules/roles');
  const institutional = types.find((t) => t.institutional === true);
  if (!institutional) throw new Error('rules/project-types marks no type as institutional');
  if (!roles.some((r) => r.value === ROLE.lead)) throw new Error(`rules/roles has no ${ROLE.lead}`);
  return {
    activeStates: activeStateNames(ctx.schemas),
    // A request still waiting for staff counts as submitted, as does a running project.
    submittedStates: [...activeStateNames(ctx.schemas), STATE.submitted],
    institutionalType: institutional.value,
    registryTypes: types.filter((t) => t.registryBased === true).map((t) => t.value),
  };
}

/**
 * Decides the institutional-project check for `user`, in this order: member of an active
 * registry-based project → DENY 'Access CroRIS'; lead of an active institutional project or of
 * an institutional request still waiting for staff → DENY 'Already submitted'; then from the person's stored registry answer (no lookup here): no MBZ →
 * 'MBZ unknown', lead projects → 'Lead CroRIS project', associate projects → 'Associate CroRIS
 * project', otherwise ALLOW 'Can submit institute project'. Without a stored successful answer
 * (none, expired, or the lookup failed) → DENY 'No CroRIS data'.
 *
 * Reads only; the same answer serves the chooser and the submission check.
 */
export async function checkInstituteEligibility(ctx: AppContext, user: Pick<UserRow, 'id' | 'person_oib'>): Promise<InstituteCheck> {
  const { activeStates, submittedStates, registryTypes, institutionalType } = vocabularyNames(ctx);
  const memberships = await projectsOfMember(ctx.db, user.id, { states: submittedStates });
  if (memberships.some((m) => registryTypes.includes(m.type) && activeStates.includes(m.state))) return deny('Access CroRIS');
  if (memberships.some((m) => m.type === institutionalType && m.role === ROLE.lead)) return deny('Already submitted');

  const registry = await cachedRegistryInfo(ctx, user.person_oib);
  if (!registry) return deny('No CroRIS data');
  const { person_info, projects_lead_info, projects_associate_info } = registry.data;
  if (!person_info.mbz) return deny('MBZ unknown');
  if (projects_lead_info.length > 0) return deny('Lead CroRIS project');
  if (projects_associate_info.length > 0) return deny('Associate CroRIS project');
  return { status: { code: 200, operation: 'ALLOW', message: 'Can submit institute project' } };
}
