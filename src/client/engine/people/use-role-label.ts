import { SCHEMA_IDS } from '@/schema-runtime/schema-ids';
import { perSchemaSet } from '@/client/shared/per-schema-set';
import { schemas } from '@/client/shared/schema-set';
import { useLocaleText, type LocaleText } from '../locale-text';

const roles = perSchemaSet(() => new Map(schemas.vocabulary<{ label: LocaleText }>(SCHEMA_IDS.roles).map((r) => [r.value, r.label])));

/** A membership role's label from rules/roles.json (voditelj / suradnik). */
export function useRoleLabel(): (role: string) => string {
  const text = useLocaleText();
  return (role) => {
    const label = roles().get(role);
    return label ? text(label) : role;
  };
}
