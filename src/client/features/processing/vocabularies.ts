import { SCHEMA_IDS } from '@/schema-runtime/schema-ids';
import { perSchemaSet } from '@/client/shared/per-schema-set';
import { schemas } from '@/client/shared/schema-set';
import { createSchemaSet } from '@/schema-runtime/schema-set';
import { schemaDocs } from '@/client/shared/schema-docs';
import { assertBehaviourStates, type ChangeCheck, type ResourceTypeEntry, type StateEntry } from './processing-rules';
import type { LocaleText } from '@/client/engine/locale-text';

/** States of rules/states.json with what the processing screen reads (of the set in use). */
export const processingStates = perSchemaSet(() => {
  const states = schemas.vocabulary<StateEntry & { label: LocaleText; isActive?: boolean }>(SCHEMA_IDS.states);
  assertBehaviourStates(states);
  return states;
});

/** Resource types of rules/resource-types.json (staff may grant every one, staff-only included). */
export const resourceTypes = perSchemaSet(() => schemas.vocabulary<ResourceTypeEntry>(SCHEMA_IDS.resourceTypes));

/**
 * The change schema (api/project-change.json) as staff send it: what a target state needs (a
 * comment, a granted type) is its allOf, read by the screen's rules through this check.
 */
const changeSet = perSchemaSet(() => createSchemaSet(schemaDocs(), { role: 'staff' }));
export const checkChange: ChangeCheck = (payload) => changeSet().validate(SCHEMA_IDS.projectChange, payload).issues;
