import { perSchemaSet } from '@/client/shared/per-schema-set';
import { schemas } from '@/client/shared/schema-set';
import { membershipRuleSet } from './membership-rules';

/** The memberships rules of the schema set in use. */
export const membershipRules = perSchemaSet(() => membershipRuleSet(schemas));
