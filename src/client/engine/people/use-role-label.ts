import { SCHEMA_IDS } from '@/schema-runtime/schema-ids';
import { useLocaleText, type LocaleText } from '../locale-text';
import { perCatalog, useSchemaCatalog } from '../schema-set-provider';

const roles = perCatalog((catalog) => new Map(catalog.vocabulary<{ label: LocaleText }>(SCHEMA_IDS.roles).map((r) => [r.value, r.label])));

/** A membership role's label from rules/roles.json (voditelj / suradnik). */
export function useRoleLabel(): (role: string) => string {
  const text = useLocaleText();
  const catalog = useSchemaCatalog();
  return (role) => {
    const label = roles(catalog).get(role);
    return label ? text(label) : role;
  };
}
