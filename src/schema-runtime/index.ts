/**
 * The schema runtime: loads `schemas/`, builds the one ajv instance with our keywords and maps
 * errors to message keys. Imports neither React nor Fastify; `node.ts` adds the file loader.
 */
export { createAjv } from './create-ajv';
export { addPortalKeywords, ANNOTATION_KEYWORDS, readPath, addYears, type CallerRole } from './keywords';
export { requestDateCeiling } from './request-dates';
export { LIVE_RULES, liveRulesFor, type LiveRuleName } from './live-rules';
export { allowsExtension, extensionRequestState, leadRoleName, registryRules, usernameMaxLength, type RegistryRules, type StateBehaviourEntry } from './rule-annotations';
export { mailRules, type MailKindRule, type MailRules, type DigestSchedule } from './mail-rules';
export { mapCurrentClientBody, type CompatResult } from './client-compat';
export { createSchemaSet, type SchemaSet, type SchemaDoc, type ValidationResult } from './schema-set';
export { createSchemaCatalog, substituteProduct, productKeyOf, type SchemaCatalog } from './schema-catalog';
export { SCHEMA_BASE, SCHEMA_IDS, schemaIdOf, shortNameOf } from './schema-ids';
export { readVocabulary, readConsts, type VocabularyEntry } from './vocabulary';
export { readDomainBranches, scienceDomainsOf, type ScienceChoice, type ScienceDomainChoice } from './science-domains';
export {
  toValidationIssues,
  formatIssue,
  VALIDATION_MESSAGES,
  type ValidationIssue,
  type ValidationMessageKey,
} from './validation-messages';
