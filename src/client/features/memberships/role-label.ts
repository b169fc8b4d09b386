import { SCHEMA_IDS } from '../../../schema-runtime/schema-ids';
import { useLocaleText, type LocaleText } from '../../engine/locale-text';
import { schemas } from '../../shared/schema-set';

const ROLES = new Map(schemas.vocabulary<{ label: LocaleText }>(SCHEMA_IDS.roles).map((r) => [r.value, r.label]));

/** A role's label from rules/roles.json in the current language. */
export function useRoleLabel(): (role: string) => string {
  const text = useLocaleText();
  return (role) => (ROLES.has(role) ? text(ROLES.get(role)) : role);
}
