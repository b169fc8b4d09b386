import { SCHEMA_IDS } from '../../../schema-runtime/schema-ids';
import { schemas } from '../../shared/schema-set';
import { useLocaleText, type LocaleText } from '../locale-text';

const ROLES = new Map(schemas.vocabulary<{ label: LocaleText }>(SCHEMA_IDS.roles).map((r) => [r.value, r.label]));

/** A membership role's label from rules/roles.json (voditelj / suradnik). */
export function useRoleLabel(): (role: string) => string {
  const text = useLocaleText();
  return (role) => (ROLES.has(role) ? text(ROLES.get(role)) : role);
}
