import { schemas } from '../../shared/schema-set';
import { membershipRuleSet } from './membership-rules';

/** The memberships rules of the bundled schemas. */
export const rules = membershipRuleSet(schemas);
