/**
 * The automatic project lifecycle: no staff member has to remember end dates.
 *
 * - A project in a state with `endingState` (rules/states.json) whose end date is less than
 *   `expiryNoticeDays` (rules/constants.json) away moves to that state, and its lead is asked to
 *   request an extension.
 * - A project in a state with `remindAtEnd` reminds its lead once more on its end date.
 * - A project in a state with `expiresAfterGrace` whose end date plus the grace months has passed
 *   moves to expire, and its members are told.
 *
 * Each change is written to the project's change history with "system" as its author, and its
 * mails go to the outbox in the same transaction. A project is locked while it is moved, and the
 * move is made only if it is still in the state it was found in; a notice is sent only by the
 * process whose row in `project_notices` was inserted. So two processes running the job at once
 * make each change, and send each mail, once.
 */
import { addDays, addMonths, format, parseISO } from 'date-fns';
import type { DatabaseHandle, Trx } from '@/server/db/handle';
import type { SchemaSet } from '@/schema-runtime';
import type { ServerConfig } from '@/server/config';
import type { PersonRef } from '@generated';
import { lookupIds } from '@/server/db/vocabularies';
import { snapshot } from './process-project';
import { claimProjectNotice, lockProject, moveProjectState, projectIdsEndingBy, projectRecords, type ProjectRecord } from './queries';
import { STATE, stateRule, stateRules, type StateRule } from './state-rules';
import { mailLifecycleNotice, type LifecycleNotice } from './lifecycle-mails';
import { projectRecipients } from '../mail/notices';

/** The author of automatic changes in change histories. */
export const SYSTEM_AUTHOR: PersonRef = { first_name: 'system', last_name: '', username: 'system', person_uniqueid: '' };

export interface LifecycleContext {
  db: DatabaseHandle;
  schemas: SchemaSet;
  config: Pick<ServerConfig, 'publicUrl' | 'graceMonths'>;
}

/** How many projects each step changed or reminded in one run. */
export interface LifecycleRun {
  ending: number;
  reminded: number;
  expired: number;
}

const DAY = 'yyyy-MM-dd';

interface Step {
  /** Candidates: projects in `from` states whose end date is on or before `endBy`. */
  from: StateRule[];
  endBy: string;
  /** Whether the locked, fresh row still qualifies. */
  due(row: ProjectRecord): boolean;
  apply(trx: Trx, row: ProjectRecord): Promise<boolean>;
}

/**
 * Runs the lifecycle once, as of `now` (tests pass their own clock). With `dryRun` it changes
 * nothing and counts the projects a run would expire or move to their ending state now (a
 * cutover's check before the job may run: docs/migration.md); reminders are not counted.
 */
export async function runProjectLifecycle(ctx: LifecycleContext, now: Date = new Date(), options: { dryRun?: boolean } = {}): Promise<LifecycleRun> {
  const { db, schemas, config } = ctx;
  const rules = stateRules(schemas);
  const stateIds = await lookupIds(db, 'states');
  const today = format(now, DAY);
  const graceMonths = config.graceMonths ?? schemas.constants.graceMonthsFallback;
  const graceEnd = (row: ProjectRecord) => format(addMonths(parseISO(row.date_end!), graceMonths), DAY);

  /** Moves the locked row to `target`, recording the change; false when another process already did. */
  const move = async (trx: Trx, row: ProjectRecord, target: StateRule) => {
    const entry = {
      previous: snapshot(row, row.state_name, row.is_active),
      next: snapshot(row, target.value, target.isActive),
      who: SYSTEM_AUTHOR,
      date: now.toISOString(),
    };
    return moveProjectState(trx, row.id, {
      fromStateId: row.state_id,
      stateId: stateIds.get(target.value)!,
      isActive: target.isActive,
      at: now,
      changedBy: JSON.stringify(SYSTEM_AUTHOR),
      entry,
    });
  };

  /** Claims a notice for the row's end date; false when it was already sent. */
  const claim = (trx: Trx, row: ProjectRecord, kind: LifecycleNotice) => claimProjectNotice(trx, { projectId: row.id, kind, dateEnd: row.date_end!, at: now });

  const notify = async (trx: Trx, row: ProjectRecord, kind: LifecycleNotice, leadOnly: boolean) => {
    const people = await projectRecipients(trx, row.id, { leadsOnly: leadOnly });
    const project = { id: row.id, identifier: row.identifier, name: row.name, dateEnd: row.date_end!, graceEnd: graceEnd(row) };
    for (const person of people) await mailLifecycleNotice(trx, { schemas, config }, kind, person, project);
  };

  const expire = stateRule(schemas, STATE.expired);
  const steps: [keyof LifecycleRun, Step][] = [
    [
      'expired',
      {
        from: rules.filter((r) => r.expiresAfterGrace),
        endBy: today,
        due: (row) => graceEnd(row) < today,
        apply: async (trx, row) => {
          if (!(await move(trx, row, expire))) return false;
          await claim(trx, row, 'expired');
          await notify(trx, row, 'expired', false);
          return true;
        },
      },
    ],
    [
      'ending',
      {
        from: rules.filter((r) => r.endingState !== undefined),
        endBy: format(addDays(now, schemas.constants.expiryNoticeDays), DAY),
        due: () => true,
        apply: async (trx, row) => {
          const target = stateRule(schemas, stateRule(schemas, row.state_name).endingState!);
          if (!(await move(trx, row, target))) return false;
          if (await claim(trx, row, 'ending')) await notify(trx, row, 'ending', true);
          // Found only at or after its end: this one mail says all, no reminder follows.
          if (row.date_end! <= today) await claim(trx, row, 'end-reminder');
          return true;
        },
      },
    ],
    [
      'reminded',
      {
        from: rules.filter((r) => r.remindAtEnd),
        endBy: today,
        due: () => true,
        apply: async (trx, row) => {
          if (!(await claim(trx, row, 'end-reminder'))) return false;
          await notify(trx, row, 'end-reminder', true);
          return true;
        },
      },
    ],
  ];

  const candidatesOf = (step: Step) => projectIdsEndingBy(db, step.from.map((r) => stateIds.get(r.value)!), step.endBy);

  const run: LifecycleRun = { ending: 0, reminded: 0, expired: 0 };
  if (options.dryRun) {
    // What a run would change now, without changing it: each step's projects that are due and
    // that no earlier step takes (a project expired is not also moved to its ending state).
    const taken = new Set<number>();
    for (const [name, step] of steps) {
      if (step.from.length === 0 || name === 'reminded') continue;
      const ids = (await candidatesOf(step)).filter((id) => !taken.has(id));
      const due = ids.length ? (await projectRecords(db, { ids })).filter((row) => row.date_end && step.due(row)) : [];
      for (const row of due) taken.add(row.id);
      run[name] = due.length;
    }
    return run;
  }
  for (const [name, step] of steps) {
    if (step.from.length === 0) continue;
    const candidates = await candidatesOf(step);
    for (const id of candidates) {
      const changed = await db.transaction().execute(async (trx) => {
        // Another process working on the same project waits here, then finds it moved on.
        await lockProject(trx, id);
        const [row] = await projectRecords(trx, { ids: [id] });
        if (!row || !step.from.some((r) => r.value === row.state_name) || !row.date_end || row.date_end > step.endBy || !step.due(row))
          return false;
        return step.apply(trx, row);
      });
      if (changed) run[name] += 1;
    }
  }
  return run;
}
