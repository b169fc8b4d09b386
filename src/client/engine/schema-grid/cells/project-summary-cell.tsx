import { Link } from 'react-router-dom';
import { CopyButton, ResourceTags } from '@/client/engine/renderers';
import type { CellProps } from '../column-defs';
import { resourceValues } from './resource-tags-cell';
import { useI18nKey } from '../use-i18n-key';

interface Summary {
  identifier?: string;
  name?: string;
  institute?: string;
}

/** Name, institution and code, for the CSV export. */
export function projectSummaryText({ row }: CellProps): string {
  const r = (row ?? {}) as Summary;
  return [r.name, r.institute, r.identifier].filter(Boolean).join(' / ');
}

/**
 * Name (a link to `params.linkBase` + the encoded identifier), institution, the code with a copy
 * button and the resource types at `params.resources` in rows of 3, after the label of the message
 * key `params.resourcesLabelKey` (requested or assigned types).
 */
export function ProjectSummaryCell({ row, params }: CellProps) {
  const tk = useI18nKey();
  const r = (row ?? {}) as Summary;
  const identifier = r.identifier ?? '';
  const linkBase = typeof params.linkBase === 'string' ? params.linkBase : '';
  return (
    <div className="grid-project-summary">
      <Link to={`${linkBase}${encodeURIComponent(identifier)}`} className="grid-project-name">
        {r.name}
      </Link>
      <div className="muted">{r.institute}</div>
      <div className="grid-code">
        <code>{identifier}</code>
        <CopyButton value={identifier} what="projectCode" />
      </div>
      {typeof params.resources === 'string' && (
        <div className="grid-resources">
          {typeof params.resourcesLabelKey === 'string' && <span className="muted grid-resources-label">{tk(params.resourcesLabelKey)}:</span>}
          <ResourceTags tags={resourceValues(row, params.resources)} />
        </div>
      )}
    </div>
  );
}
