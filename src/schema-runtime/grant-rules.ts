/**
 * Hours granted, as rules/grants.json states them (docs/decisions/0290-hours-granted.md): the
 * defaults per project type and resource type, the warning thresholds, what happens when a grant
 * is fully used and the efficiency below which a member is named. Read the same way by the
 * server (approval without grants, warnings, efficiency) and the processing screen (its pre-fill).
 */
import type { GrantRulesDefault, GrantRulesGrant, GrantRulesThreshold } from '@generated';
import { readConsts } from './vocabulary';

/** The rules of rules/grants.json. */
export interface GrantRuleSet {
  defaults: GrantRulesDefault[];
  thresholds: GrantRulesThreshold[];
  /** 'notify': a fully used grant only mails the leads; 'flag': it also flags the project for staff. */
  atFull: 'notify' | 'flag';
  /** Percent of allocated core-hours below which a member's CPU efficiency is named. */
  efficiencyThreshold: number;
}

/**
 * Reads rules/grants.json.
 *
 * @throws when a threshold has neither a percent nor runsOut, or atFull is neither 'notify' nor 'flag'
 */
export function grantRules(schemas: { schema(nameOrId: string): Record<string, unknown> }): GrantRuleSet {
  const rules = readConsts<Partial<GrantRuleSet>>(schemas.schema('rules/grants'));
  const thresholds = rules.thresholds ?? [];
  for (const t of thresholds)
    if (typeof t.percent !== 'number' && t.runsOut !== true) throw new Error(`rules/grants threshold ${t.key} needs a percent or runsOut`);
  if (rules.atFull !== 'notify' && rules.atFull !== 'flag') throw new Error("rules/grants atFull must be 'notify' or 'flag'");
  return { defaults: rules.defaults ?? [], thresholds, atFull: rules.atFull, efficiencyThreshold: rules.efficiencyThreshold ?? 0 };
}

/**
 * The grants rules/grants.json suggests for a project of `projectType` granted `resourceTypes`:
 * one per cluster, the hours of every matching default added up.
 */
export function defaultGrants(rules: GrantRuleSet, projectType: string, resourceTypes: readonly string[]): GrantRulesGrant[] {
  const byCluster = new Map<string, GrantRulesGrant>();
  for (const d of rules.defaults) {
    if (d.projectType !== projectType || !resourceTypes.includes(d.resourceType)) continue;
    const grant = byCluster.get(d.cluster) ?? ({ cluster: d.cluster } as GrantRulesGrant);
    if (d.cpuh !== undefined) grant.cpuh = (grant.cpuh ?? 0) + d.cpuh;
    if (d.gpuh !== undefined) grant.gpuh = (grant.gpuh ?? 0) + d.gpuh;
    byCluster.set(d.cluster, grant);
  }
  return [...byCluster.values()];
}

/** Whether staff may set hours granted when moving a project to `state` (its `grantsHours` in rules/states.json). */
export function grantsHoursIn(states: readonly { value: string; grantsHours?: boolean }[], state: string): boolean {
  return states.some((s) => s.value === state && s.grantsHours === true);
}
