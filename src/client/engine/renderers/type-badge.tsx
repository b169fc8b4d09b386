import { Label, type SemanticCOLORS } from 'semantic-ui-react';
import { SCHEMA_IDS } from '@/schema-runtime/schema-ids';
import { perSchemaSet } from '@/client/shared/per-schema-set';
import { schemas } from '@/client/shared/schema-set';
import { useLocaleText, type LocaleText } from '../locale-text';

const types = perSchemaSet(
  () => new Map(schemas.vocabulary<{ label: LocaleText; badgeColor: string }>(SCHEMA_IDS.projectTypes).map((t) => [t.value, t])),
);
const euMatch = perSchemaSet(() =>
  String(schemas.vocabulary<{ euroMatch?: string }>(SCHEMA_IDS.projectTypeFilters).find((f) => f.euroMatch)?.euroMatch ?? 'euro').toLowerCase(),
);

/** True when any financier's name contains the EU marker of rules/project-type-filters.json ('euro'). */
export function isEuFunded(finance: readonly string[] | null | undefined): boolean {
  return (finance ?? []).some((name) => name.toLowerCase().includes(euMatch()));
}

/** A project type's label in language `lang` (no hook: CSV export). */
export function typeLabelIn(type: string, lang: 'hr' | 'en'): string {
  return types().get(type)?.label[lang] ?? type;
}

/** A project type's label in the interface language (rules/project-types.json). */
export function useTypeLabel(): (type: string) => string {
  const text = useLocaleText();
  return (type) => {
    const entry = types().get(type);
    return entry ? text(entry.label) : type;
  };
}

/** The project type as a coloured badge, plus an EU badge when a financier name contains 'euro'. */
export function TypeBadge({ type, finance }: { type: string; finance?: readonly string[] | null }) {
  const text = useLocaleText();
  const entry = types().get(type);
  return (
    <span className="type-badge">
      <Label size="small" color={(entry?.badgeColor ?? 'grey') as SemanticCOLORS}>
        {entry ? text(entry.label) : type}
      </Label>
      {isEuFunded(finance) && (
        <Label size="small" color="blue" basic title="EU">
          EU
        </Label>
      )}
    </span>
  );
}
