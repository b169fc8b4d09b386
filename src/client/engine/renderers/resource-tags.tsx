import { Label } from 'semantic-ui-react';
import { SCHEMA_IDS } from '@/schema-runtime/schema-ids';
import { useLocaleText, type LocaleText } from '../locale-text';
import { perCatalog, useSchemaCatalog } from '../schema-set-provider';

type Tag = { label?: string; value: string } | string;

const typeNames = perCatalog((catalog) => new Map(catalog.vocabulary<{ label?: LocaleText }>(SCHEMA_IDS.resourceTypes).map((t) => [t.value, t.label])));

/**
 * How a resource type is named where one is chosen: its name in the interface language beside its
 * tag ("GPU s mnogo memorije (GPU-BIGMEM)"), or the tag alone when rules/resource-types.json names
 * it in no language.
 */
export function useResourceTypeText(): (tag: string, label?: LocaleText) => string {
  const text = useLocaleText();
  const catalog = useSchemaCatalog();
  return (tag, label = typeNames(catalog).get(tag)) => {
    const name = text(label);
    return name && name !== tag ? `${name} (${tag})` : tag;
  };
}

/** Resource types as tags, in rows of `resourceTagsPerRow` (3); a named type's name is its tag's tooltip. */
export function ResourceTags({ tags }: { tags: readonly Tag[] | null | undefined }) {
  const values = (tags ?? []).map((t) => (typeof t === 'string' ? t : t.value));
  const catalog = useSchemaCatalog();
  const text = useLocaleText();
  const perRow = catalog.constants.resourceTagsPerRow;
  const names = typeNames(catalog);
  const rows: string[][] = [];
  for (let i = 0; i < values.length; i += perRow) rows.push(values.slice(i, i + perRow));
  return (
    <div className="resource-tags">
      {rows.map((row) => (
        <div key={row.join()} className="resource-tags-row">
          {row.map((value) => (
            <Label key={value} size="tiny" basic title={text(names.get(value)) || undefined}>
              {value}
            </Label>
          ))}
        </div>
      ))}
    </div>
  );
}
