/**
 * How long personal data is kept, as rules/retention.json states it: the retention job removes
 * what is past each rule's period, staff see the counts it would remove, and the privacy notice
 * prints the same periods, so the three cannot disagree.
 */
import type { RetentionRule } from '@generated';
import type { SchemaCatalog } from './schema-catalog';

/** The rules the code knows how to apply, in the order of rules/retention.json's description. */
export const RETENTION_RULES = ['login-attempts', 'sent-mails', 'inactive-users'] as const satisfies readonly RetentionRule[];

/** A period: whole days or whole years. */
export type RetentionPeriod = { unit: 'days' | 'years'; count: number };

/** One rule of rules/retention.json with its period and label. */
export interface RetentionRuleEntry {
  value: RetentionRule;
  period: RetentionPeriod;
  label: { hr: string; en: string };
}

const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 1 && v <= 36_500;

/**
 * Reads rules/retention.json: every rule the code knows, with its period (`days` or `years`, a
 * whole number from 1). A rule the code does not know is left out.
 *
 * @throws when a known rule has no period, or both
 */
export function retentionRules(schemas: Pick<SchemaCatalog, 'vocabulary'>): RetentionRuleEntry[] {
  const known: readonly string[] = RETENTION_RULES;
  return schemas
    .vocabulary<{ days?: unknown; years?: unknown; label: { hr: string; en: string } }>('rules/retention')
    .filter((entry) => known.includes(entry.value))
    .map((entry) => {
      const { days, years } = entry;
      if (isCount(days) === isCount(years)) throw new Error(`rules/retention: ${entry.value} needs days or years (a whole number from 1), not both`);
      const period: RetentionPeriod = isCount(days) ? { unit: 'days', count: days } : { unit: 'years', count: years as number };
      return { value: entry.value as RetentionRule, period, label: entry.label };
    });
}

/** The moment before which a rule's rows are past their period, as of `now` (years in UTC calendar years). */
export function retentionCutoff(period: RetentionPeriod, now: Date): Date {
  const cutoff = new Date(now.getTime());
  if (period.unit === 'days') cutoff.setUTCDate(cutoff.getUTCDate() - period.count);
  else cutoff.setUTCFullYear(cutoff.getUTCFullYear() - period.count);
  return cutoff;
}
