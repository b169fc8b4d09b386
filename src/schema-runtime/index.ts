/**
 * The schema runtime: loads `schemas/`, builds the one ajv instance with our keywords and maps
 * errors to message keys. Imports neither React nor Fastify; `node.ts` adds the file loader.
 */
export { createAjv } from './create-ajv';
export { addPortalKeywords, ANNOTATION_KEYWORDS, readPath, addYears, type CallerRole } from './keywords';
export { requestDateCeiling } from './request-dates';
export { leadMailOutcome, type LeadMailOutcome } from './lead-mail';
export { languageCookieName } from './language-cookie';
export { LIVE_RULES, liveRulesFor, type LiveRuleName } from './live-rules';
export {
  activeStates,
  allowsExtension,
  extensionRequestState,
  isInstitutional,
  isRegistryBased,
  leadRoleName,
  registryRules,
  usernameMaxLength,
  type RegistryRules,
  type StateBehaviourEntry,
} from './rule-annotations';
export { RETENTION_RULES, retentionRules, retentionCutoff, type RetentionPeriod, type RetentionRuleEntry } from './retention-rules';
export { mailRules, type MailKindRule, type MailRules, type DigestSchedule } from './mail-rules';
export { defaultGrants, grantRules, grantsHoursIn, type GrantRuleSet } from './grant-rules';
export { mapCurrentClientBody, type CompatResult } from './client-compat';
export { judgePayload, judgementLines, type Judgement } from './qa-judgement';
export { createSchemaSet, type SchemaSet, type SchemaDoc, type ValidationResult } from './schema-set';
export { createSchemaCatalog, substituteProduct, productKeyOf, type SchemaCatalog } from './schema-catalog';
export { SCHEMA_BASE, SCHEMA_IDS, schemaIdOf, shortNameOf } from './schema-ids';
export { readVocabulary, readConsts, type VocabularyEntry } from './vocabulary';
export { readDomainBranches, scienceDomainsOf, type ScienceChoice, type ScienceDomainChoice } from './science-domains';
export {
  checkSchemaDocs,
  checkSchemaSet,
  checkRefs,
  checkBounds,
  checkTableLayouts,
  checkScienceDomains,
  checkResourceTypes,
  compileProblems,
  checkExamples,
  parseSchemaExamples,
  shapeSignature,
  shapeChanges,
  NEEDS_RELEASE,
  type SchemaProblem,
  type SchemaExample,
  type ShapeSignature,
} from './set-checks';
export { diffSchemaDocs, type SchemaChange } from './set-diff';
export { conflictSide, rebaseDocs, withConflictSide, type RebaseConflict, type RebaseResult } from './set-rebase';
export {
  toValidationIssues,
  describeIssues,
  formatIssue,
  VALIDATION_MESSAGES,
  type ValidationIssue,
  type ValidationMessageKey,
} from './validation-messages';
