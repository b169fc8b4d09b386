/**
 * Efficiency (docs/decisions/0290-hours-granted.md): the CPU time jobs actually used ÷ the
 * core-hours allocated to them, per member and project in a month, from the monthly sums the ingest
 * keeps over the jobs that reported their CPU time (`cpuh_known`). Jobs that did not are counted as
 * unknown, never as fully used; with no such job at all the efficiency is null. GPU utilisation
 * likewise. A row below rules/grants.json's efficiencyThreshold is named with the hours lost.
 */
import type { Db } from '@/server/db/handle';
import type { EfficiencyAnswer, EfficiencyAnswerRow } from '@generated';
import { grantRules, type SchemaSet } from '@/schema-runtime';
import { ApiError, msg } from '@/server/errors';
import { clustersOf } from '../accounting/clusters';
import { addMonths, monthOf } from '../accounting/window';
import { efficiencySums, type EfficiencySums } from '../accounting/queries';

/** Whose rows: each member of some projects, or (staff) whole projects, the least efficient first. */
export type EfficiencyScope = { kind: 'members'; projectIds: number[] } | { kind: 'projects'; limit: number };

const oneDecimal = (v: number) => Math.round(v * 10) / 10;

/** 'yyyy-MM-01' of `?month=yyyy-MM`, or the month before the current one. */
export function efficiencyMonth(schemas: SchemaSet, month: string | undefined, now: Date = new Date()): string {
  if (month === undefined || month === '') return addMonths(monthOf(now, clustersOf(schemas).timeZone), -1);
  if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(month)) throw new ApiError('validationFailed', msg('badMonth'));
  return `${month}-01`;
}

/** One row's figures from the sums of a month. */
export function efficiencyRow(
  threshold: number,
  sums: EfficiencySums,
): EfficiencyAnswerRow {
  const cpuh = Number(sums.cpuh);
  const known = Number(sums.cpuh_known);
  const used = Number(sums.cpu_used);
  const gpuKnown = Number(sums.gpuh_known);
  const efficiency = known > 0 ? oneDecimal((used / known) * 100) : null;
  const below = efficiency !== null && efficiency < threshold;
  return {
    project: sums.project,
    projectName: sums.projectName,
    username: sums.username,
    name: sums.name,
    cpuh: oneDecimal(cpuh),
    cpuhKnown: oneDecimal(known),
    cpuhUnknown: oneDecimal(Math.max(0, cpuh - known)),
    cpuUsed: oneDecimal(used),
    efficiency,
    gpuh: oneDecimal(Number(sums.gpuh)),
    gpuhKnown: oneDecimal(gpuKnown),
    gpuUtilisation: gpuKnown > 0 ? oneDecimal((Number(sums.gpu_used) / gpuKnown) * 100) : null,
    below,
    lostHours: below ? oneDecimal(Math.max(0, known - used)) : 0,
  };
}

/** The efficiency answer of a month (all clusters together). */
export async function efficiencyAnswer(db: Db, schemas: SchemaSet, scope: EfficiencyScope, month: string): Promise<EfficiencyAnswer> {
  const threshold = grantRules(schemas).efficiencyThreshold;
  const perMember = scope.kind === 'members';
  if (perMember && !scope.projectIds.length) return { month: month.slice(0, 7), threshold, rows: [] };
  const rows = await efficiencySums(db, month, scope);
  return { month: month.slice(0, 7), threshold, rows: rows.map((r) => efficiencyRow(threshold, r)) };
}
