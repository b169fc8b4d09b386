import { SCHEMA_IDS } from '../../../schema-runtime/schema-ids';
import type { PortalProject } from '../../api/projects';
import { schemas } from '../../shared/schema-set';

const ACTIVE_STATES = schemas
  .vocabulary<{ isActive?: boolean }>(SCHEMA_IDS.states)
  .filter((s) => s.isActive === true)
  .map((s) => s.value);

/** True when the user takes part in a project in an active state (rules/states.json isActive): only then may keys be added. */
export function hasActiveParticipation(projects: readonly PortalProject[] | undefined): boolean {
  return (projects ?? []).some((p) => ACTIVE_STATES.includes(p.state.name));
}
