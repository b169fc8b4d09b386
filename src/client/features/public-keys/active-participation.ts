import { SCHEMA_IDS } from '@/schema-runtime/schema-ids';
import type { PortalProject } from '@/client/api/projects';
import { perSchemaSet } from '@/client/shared/per-schema-set';
import { schemas } from '@/client/shared/schema-set';

const activeStates = perSchemaSet(() =>
  schemas
    .vocabulary<{ isActive?: boolean }>(SCHEMA_IDS.states)
    .filter((s) => s.isActive === true)
    .map((s) => s.value),
);

/** True when the user takes part in a project in an active state (rules/states.json isActive): only then may keys be added. */
export function hasActiveParticipation(projects: readonly PortalProject[] | undefined): boolean {
  return (projects ?? []).some((p) => activeStates().includes(p.state.name));
}
