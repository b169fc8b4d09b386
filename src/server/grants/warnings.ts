/**
 * Warnings before the hours granted run out (docs/decisions/0290-hours-granted.md): for every
 * grant in force of a running project, each threshold of rules/grants.json it has reached is
 * mailed once to the project's leads, each in their mail language. A warning is claimed by
 * inserting its (grant, kind, threshold) row in the transaction that writes the mails — the claim
 * the digest and the usage summary use — so any number of processes send it once; a new grant has
 * no rows yet, which re-arms its thresholds. At a full grant rules/grants.json's atFull may also
 * flag the project on the staff list; the portal never stops jobs.
 */
import type { DatabaseHandle } from '@/server/db/handle';
import { grantRules, type SchemaSet } from '@/schema-runtime';
import type { ServerConfig } from '@/server/config';
import { activeStateNames } from '../projects/active-states';
import { projectIdsInStates } from '../projects/queries';
import { projectRecipients, sendNotice } from '../mail/notices';
import { grantStatus, HOUR_KINDS, keepGrantFigures, shownDate } from './grant-status';
import { claimGrantWarning } from './queries';
import { paths } from '@/schema-runtime/pages';

export interface GrantWarningContext {
  db: DatabaseHandle;
  schemas: SchemaSet;
  config: Pick<ServerConfig, 'publicUrl'>;
}

/** What one run did: the projects looked at and the warnings claimed (each mailed to every lead). */
export interface GrantWarningRun {
  projects: number;
  warnings: number;
}

const KIND_LABEL = { cpuh: 'CPU', gpuh: 'GPU' } as const;

/** Refreshes the grid's figures and sends the warnings due at `now` (tests pass their own clock). */
export async function runGrantWarnings(ctx: GrantWarningContext, now: Date = new Date()): Promise<GrantWarningRun> {
  const { db, schemas, config } = ctx;
  const rules = grantRules(schemas);
  const statuses = await grantStatus(db, schemas, undefined, now);
  await keepGrantFigures(db, statuses);
  const running = new Set(await projectIdsInStates(db, statuses.length ? statuses.map((s) => s.id) : [0], activeStateNames(schemas)));
  let warnings = 0;
  for (const project of statuses.filter((s) => running.has(s.id)))
    for (const grant of project.grants)
      for (const kind of HOUR_KINDS) {
        const hours = grant.status[kind];
        for (const key of hours?.reached ?? []) {
          const threshold = rules.thresholds.find((t) => t.key === key)!;
          const flag = rules.atFull === 'flag' && (threshold.percent ?? 0) >= 100;
          const sent = await db.transaction().execute(async (trx) => {
            // Of several processes, the one whose row goes in sends; the others wait here, then skip.
            const claimed = await claimGrantWarning(trx, { grantId: grant.id, kind, threshold: key, flagged: flag, sentAt: now });
            if (!claimed || !hours) return false;
            const params = {
              name: project.name,
              identifier: project.identifier,
              cluster: grant.cluster,
              kind: KIND_LABEL[kind],
              granted: hours.granted,
              used: hours.used,
              percent: hours.percent,
              perMonth: hours.perMonth ?? 0,
              runsOut: hours.runsOut ? shownDate(hours.runsOut) : '',
              dateEnd: project.date_end ? shownDate(project.date_end) : '',
              link: `${config.publicUrl}${paths.projectAccounting.href}`,
            };
            const mail = threshold.runsOut ? 'grant-runs-out' : 'grant-threshold';
            for (const lead of await projectRecipients(trx, project.id, { leadsOnly: true }))
              await sendNotice(trx, schemas, { kind: mail, to: lead, projectId: project.id, params, at: now });
            return true;
          });
          if (sent) warnings += 1;
        }
      }
  return { projects: statuses.length, warnings };
}
