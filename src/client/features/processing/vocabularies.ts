import { SCHEMA_IDS } from '../../../schema-runtime/schema-ids';
import { schemas } from '../../shared/schema-set';
import { createSchemaSet } from '../../../schema-runtime/schema-set';
import { schemaDocs } from '../../shared/schema-docs';
import { assertBehaviourStates, type ChangeCheck, type ResourceTypeEntry, type StateEntry } from './processing-rules';
import type { LocaleText } from '../../engine/locale-text';

/** States of rules/states.json with what the processing screen reads. */
export const STATES = schemas.vocabulary<StateEntry & { label: LocaleText; isActive?: boolean }>(SCHEMA_IDS.states);
assertBehaviourStates(STATES);

/** Resource types of rules/resource-types.json (staff may grant every one, staff-only included). */
export const RESOURCE_TYPES = schemas.vocabulary<ResourceTypeEntry>(SCHEMA_IDS.resourceTypes);

/** Whether projects of a type are based on the research registry (rules/project-types.json). */
export function isRegistryType(type: string): boolean {
  return schemas.vocabulary<{ registryBased?: boolean }>(SCHEMA_IDS.projectTypes).some((t) => t.value === type && t.registryBased === true);
}

/**
 * The change schema (api/project-change.json) as staff send it: what a target state needs (a
 * comment, a granted type) is its allOf, read by the screen's rules through this check.
 */
const changeSet = createSchemaSet(schemaDocs(), { role: 'staff' });
export const checkChange: ChangeCheck = (payload) => changeSet.validate(SCHEMA_IDS.projectChange, payload).issues;
