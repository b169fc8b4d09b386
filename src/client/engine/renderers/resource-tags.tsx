import { Label } from 'semantic-ui-react';
import { useSchemaCatalog } from '../schema-set-provider';

type Tag = { label?: string; value: string } | string;

/** Resource types as tags, in rows of `resourceTagsPerRow` (3). */
export function ResourceTags({ tags }: { tags: readonly Tag[] | null | undefined }) {
  const values = (tags ?? []).map((t) => (typeof t === 'string' ? t : t.value));
  const perRow = useSchemaCatalog().constants.resourceTagsPerRow;
  const rows: string[][] = [];
  for (let i = 0; i < values.length; i += perRow) rows.push(values.slice(i, i + perRow));
  return (
    <div className="resource-tags">
      {rows.map((row) => (
        <div key={row.join()} className="resource-tags-row">
          {row.map((value) => (
            <Label key={value} size="tiny" basic>
              {value}
            </Label>
          ))}
        </div>
      ))}
    </div>
  );
}
