import { Label, type SemanticCOLORS } from 'semantic-ui-react';
import { SCHEMA_IDS } from '@/schema-runtime/schema-ids';
import type { SchemaCatalog } from '@/client/shared/schema-set';
import { useLocaleText, type LocaleText } from '../locale-text';
import { perCatalog, useSchemaCatalog } from '../schema-set-provider';

const types = perCatalog(
  (catalog) => new Map(catalog.vocabulary<{ label: LocaleText; badgeColor: string }>(SCHEMA_IDS.projectTypes).map((t) => [t.value, t])),
);
const euMatch = perCatalog((catalog) =>
  String(catalog.vocabulary<{ euroMatch?: string }>(SCHEMA_IDS.projectTypeFilters).find((f) => f.euroMatch)?.euroMatch ?? 'euro').toLowerCase(),
);

/**
 * True when any financier's name contains the EU marker of rules/project-type-filters.json ('euro')
 * of `catalog` (the set in use when none is given).
 */
export function isEuFunded(finance: readonly string[] | null | undefined, catalog?: SchemaCatalog): boolean {
  const marker = euMatch(catalog);
  return (finance ?? []).some((name) => name.toLowerCase().includes(marker));
}

/** A project type's label in language `lang` (no hook: CSV export), from `catalog` (the set in use when none is given). */
export function typeLabelIn(type: string, lang: 'hr' | 'en', catalog?: SchemaCatalog): string {
  return types(catalog).get(type)?.label[lang] ?? type;
}

/** A project type's label in the interface language (rules/project-types.json). */
export function useTypeLabel(): (type: string) => string {
  const text = useLocaleText();
  const catalog = useSchemaCatalog();
  return (type) => {
    const entry = types(catalog).get(type);
    return entry ? text(entry.label) : type;
  };
}

/** The project type as a coloured badge, plus an EU badge when a financier name contains 'euro'. */
export function TypeBadge({ type, finance }: { type: string; finance?: readonly string[] | null }) {
  const text = useLocaleText();
  const catalog = useSchemaCatalog();
  const entry = types(catalog).get(type);
  return (
    <span className="type-badge">
      <Label size="small" color={(entry?.badgeColor ?? 'grey') as SemanticCOLORS}>
        {entry ? text(entry.label) : type}
      </Label>
      {isEuFunded(finance, catalog) && (
        <Label size="small" color="blue" basic title="EU">
          EU
        </Label>
      )}
    </span>
  );
}
