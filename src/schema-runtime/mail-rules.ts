/**
 * How mails reach people, as rules/mail.json and api/mail-preferences.json state it: which kinds
 * are routine notices (delivered as each recipient chose, muted per project) and which always go
 * at once, when the weekly digest is due, and the delivery a user has before choosing one.
 */
import type { MailKind, RoutineDelivery } from '@generated';
import type { SchemaCatalog } from './schema-catalog';

/** One kind of rules/mail.json with its annotations. */
export interface MailKindRule {
  value: MailKind;
  /** A routine notice: at once or in the weekly digest, as the recipient chose; mutable per project. */
  routine: boolean;
  label: { hr: string; en: string };
  /** usage-summary: days after a month's end before its summary is prepared. */
  afterMonthDays?: number;
}

/** When the weekly digest is due: `hour` (0-23) of ISO `weekday` (1 Monday … 7 Sunday) in `timeZone`. */
export interface DigestSchedule {
  weekday: number;
  hour: number;
  timeZone: string;
  /** How often every process looks for due digests (and usage summaries). */
  everyMs: number;
}

/** The mail rules read from the schemas. */
export interface MailRules {
  kinds: MailKindRule[];
  digest: DigestSchedule;
  /** The delivery of routine notices for a user who never chose one. */
  routineDefault: RoutineDelivery;
  /** The rule of a kind; throws for a kind rules/mail.json does not list. */
  kind(value: string): MailKindRule;
}

const isInteger = (v: unknown, min: number, max: number): v is number => typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max;

/**
 * Reads rules/mail.json (kinds and the digest schedule) and the default routine delivery of
 * api/mail-preferences.json.
 *
 * @throws when the digest schedule is incomplete or out of range, or the default is missing
 */
export function mailRules(schemas: Pick<SchemaCatalog, 'schema' | 'vocabulary'>): MailRules {
  const kinds = schemas.vocabulary<Omit<MailKindRule, 'value'>>('rules/mail').map((k) => ({ ...k, routine: k.routine === true })) as MailKindRule[];
  const digest = schemas.schema('rules/mail').digest as Partial<DigestSchedule> | undefined;
  if (!digest || !isInteger(digest.weekday, 1, 7) || !isInteger(digest.hour, 0, 23) || typeof digest.timeZone !== 'string' || !isInteger(digest.everyMs, 1000, 86_400_000))
    throw new Error('rules/mail needs digest: { weekday 1-7, hour 0-23, timeZone, everyMs }');
  const definitions = (schemas.schema('api/mail-preferences').definitions ?? {}) as Record<string, { default?: unknown }>;
  const routineDefault = definitions.routine?.default;
  if (routineDefault !== 'immediate' && routineDefault !== 'weekly') throw new Error('api/mail-preferences needs a default of definitions/routine');
  return {
    kinds,
    digest: digest as DigestSchedule,
    routineDefault,
    kind(value) {
      const found = kinds.find((k) => k.value === value);
      if (!found) throw new Error(`rules/mail has no mail kind ${value}`);
      return found;
    },
  };
}
