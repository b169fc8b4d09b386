import type { UserProjectSummary } from '@generated';
import type { CellProps } from '../column-defs';
import { valuesAt } from '../row-values';
import { ProjectBadge } from './project-badge';

/** The project codes, for the CSV export. */
export function projectBadgesText({ row, field }: CellProps): string {
  return (valuesAt(row, field) as UserProjectSummary[]).map((p) => p.identifier).join(', ');
}

/** The user's project codes as badges (dark when lead, grey otherwise). */
export function ProjectBadgesCell({ row, field, params }: CellProps) {
  return (
    <div className="grid-project-badges">
      {(valuesAt(row, field) as UserProjectSummary[]).map((p) => (
        <ProjectBadge key={p.identifier} project={p} leadRole={String(params.leadRole ?? '')} />
      ))}
    </div>
  );
}
