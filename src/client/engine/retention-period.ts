import type { TFunction } from 'i18next';
import type { RetentionPeriod } from '@/schema-runtime/retention-rules';
import { localeOf } from './locale-format';

/**
 * A retention period of rules/retention.json in words ("30 dana", "5 godina", "1 day"), with the
 * language's plural form chosen by the browser's Intl.PluralRules.
 */
export function retentionPeriodText(t: TFunction, period: RetentionPeriod, lang: string): string {
  const rule = new Intl.PluralRules(localeOf(lang)).select(period.count);
  const form = rule === 'one' || rule === 'few' ? rule : 'other';
  return t(`legal.unit.${period.unit}.${form}`, { count: period.count });
}
