import { addDays, addMonths, isValid, parseISO } from 'date-fns';
import type { ProjectExtension } from '@generated';
import { SCHEMA_IDS } from '@/schema-runtime/schema-ids';
import { allowsExtension, type StateBehaviourEntry } from '@/schema-runtime/rule-annotations';
import { apiDate } from '@/client/engine/format';
import { paths } from '@/schema-runtime/pages';
import { perSchemaSet } from '@/client/shared/per-schema-set';
import { schemas } from '@/client/shared/schema-set';

const states = perSchemaSet(() => schemas.vocabulary<StateBehaviourEntry & { isRequest?: boolean }>(SCHEMA_IDS.states));

/** True when the lead may ask for an extension in this state (rules/states.json: its `leadOptions` offer the `extensionRequest` state). */
export function canRequestExtension(state: string): boolean {
  return allowsExtension(states(), state);
}

/**
 * Where a request's name links: the read-only detail for requesters; for staff and superusers the
 * admin screens of the spec — the request processing screen while the state is a request
 * (submit, deny), the project screen otherwise.
 */
export function requestDetailPath(project: { identifier: string; state: { name: string } }, isStaff: boolean): string {
  if (!isStaff) return paths.myRequestDetail.href(project.identifier);
  const isRequest = states().find((s) => s.value === project.state.name)?.isRequest === true;
  return (isRequest ? paths.requestDetail : paths.projectDetail).href(project.identifier);
}

/** The end date of the latest approved extension (yyyy-MM-dd), if any. */
export function latestApprovedExtensionEnd(extensions: readonly ProjectExtension[] | null | undefined): string | undefined {
  return (extensions ?? [])
    .filter((e) => e.approved && e.date_end)
    .map((e) => e.date_end)
    .sort()
    .pop();
}

/** The dates an extension may ask for: from the day after the current end to `graceMonths` after it. */
export interface ExtensionBounds {
  min: string;
  max: string;
}

/**
 * The bounds of a new end date (spec point 5): at least one day after the current end and at
 * most `graceMonths` months after it. Null when the current end is not a date.
 */
export function extensionBounds(currentEnd: string | null | undefined, graceMonths: number): ExtensionBounds | null {
  if (!currentEnd) return null;
  const end = parseISO(currentEnd);
  if (!isValid(end)) return null;
  return { min: apiDate(addDays(end, 1)), max: apiDate(addMonths(end, graceMonths)) };
}

/** True when a yyyy-MM-dd date lies within the bounds (both inclusive). */
export function withinBounds(date: string, bounds: ExtensionBounds): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(date) && date >= bounds.min && date <= bounds.max;
}

/** The grace months of the session config, or the schema's fallback when the config has none. */
export function graceMonthsOf(config: { grace_months?: number } | undefined): number {
  const months = config?.grace_months;
  return typeof months === 'number' && months > 0 ? months : schemas.constants.graceMonthsFallback;
}

/** The new end date as sent: the day, its time being 23:59:59 (the API takes the day, yyyy-MM-dd). */
export function extensionEndForApi(date: string): string {
  return apiDate(parseISO(`${date}T23:59:59`));
}
