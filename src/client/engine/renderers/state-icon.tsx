import { Icon, type SemanticCOLORS, type SemanticICONS } from 'semantic-ui-react';
import { SCHEMA_IDS } from '@/schema-runtime/schema-ids';
import type { SchemaCatalog } from '@/client/shared/schema-set';
import { useLocaleText, type LocaleText } from '../locale-text';
import { perCatalog, useSchemaCatalog } from '../schema-set-provider';

interface StateAnnotations {
  label: LocaleText;
  userLabel: LocaleText;
  tooltip: LocaleText;
  icon: { name: string; color: string };
}

const states = perCatalog((catalog) => new Map(catalog.vocabulary<StateAnnotations>(SCHEMA_IDS.states).map((s) => [s.value, s])));

/**
 * A state's label in language `lang` as staff (`label`) or requesters (`userLabel`) see it (no hook:
 * CSV export), from `catalog` (the set in use when none is given).
 */
export function stateLabelIn(state: string, lang: 'hr' | 'en', audience: 'staff' | 'user' = 'staff', catalog?: SchemaCatalog): string {
  const entry = states(catalog).get(state);
  if (!entry) return state;
  return (audience === 'user' ? entry.userLabel : entry.label)[lang];
}

/** A state's label as staff (`label`) or requesters (`userLabel`) see it, from rules/states.json. */
export function useStateLabel(): (state: string, audience?: 'staff' | 'user') => string {
  const text = useLocaleText();
  const catalog = useSchemaCatalog();
  return (state, audience = 'staff') => {
    const entry = states(catalog).get(state);
    if (!entry) return state;
    return text(audience === 'user' ? entry.userLabel : entry.label);
  };
}

/**
 * The state's icon with its tooltip (rules/states.json) as the browser's own (`title`: grids draw
 * one per row, and a cell would clip a drawn one); the label beside it when `withLabel`.
 */
export function StateIcon({ state, withLabel, audience = 'staff' }: { state: string; withLabel?: boolean; audience?: 'staff' | 'user' }) {
  const text = useLocaleText();
  const label = useStateLabel();
  const catalog = useSchemaCatalog();
  const entry = states(catalog).get(state);
  const icon = (
    <Icon
      name={(entry?.icon.name ?? 'question circle') as SemanticICONS}
      color={(entry?.icon.color ?? 'grey') as SemanticCOLORS}
      role="img"
      aria-label={label(state, audience)}
      data-state={state}
      title={entry ? text(entry.tooltip) : state}
    />
  );
  return (
    <span className="state-icon">
      {icon}
      {withLabel && <span>{label(state, audience)}</span>}
    </span>
  );
}
