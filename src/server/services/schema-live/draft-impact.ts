/**
 * What a draft changes for data already in the portal, before it is published: requests still
 * pending that the draft's limits would refuse, and active projects above a new limit, each with its
 * reason in both languages and a link; requests and projects that ask for a resource type the draft
 * removes. Nothing submitted is changed by a rule edit: this only tells.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '@/server/db/tables';
import type { SchemaDoc, SchemaSet } from '@/schema-runtime';
import { STATE, stateRules } from '../projects/state-rules';
import { paths } from '@/schema-runtime/pages';
import { renderMessage, type Language } from '@/server/i18n/messages';

/** A listed request or project: its identifier and the staff page that shows it. */
const itemOf = (row: { identifier: string }, isPending: boolean) => ({
  identifier: row.identifier,
  link: (isPending ? paths.requestDetail : paths.projectDetail).href(row.identifier),
});

/** One item of the impact list. */
export interface ImpactItem {
  kind: 'pendingRefused' | 'activeAboveLimit' | 'resourceTypeRemoved';
  identifier: string;
  /** The page that shows it. */
  link: string;
  en: string;
  hr: string;
}

type Bounds = Record<string, { minimum?: number; maximum?: number }>;

const docOf = (docs: readonly SchemaDoc[], file: string) => docs.find((d) => d.$id.endsWith(`/${file}`)) as Record<string, any> | undefined;

function boundsOf(docs: readonly SchemaDoc[]): Bounds {
  const properties = docOf(docs, 'rules/resource-limits.json')?.properties ?? {};
  return Object.fromEntries(Object.entries(properties as Record<string, Record<string, unknown>>).map(([name, p]) => [name, { minimum: num(p?.minimum), maximum: num(p?.maximum) }]));
}
const num = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);

function resourceTypesOf(docs: readonly SchemaDoc[]): Set<string> {
  const entries = (docOf(docs, 'rules/resource-types.json')?.oneOf ?? []) as Array<{ const?: unknown }>;
  return new Set(entries.map((e) => e?.const).filter((c): c is string => typeof c === 'string'));
}

/** At most this many items are listed (the count says how many there are). */
const LISTED = 200;

/** The impact of `draft` against `live` (the documents in use) on the projects of `set`'s states. */
export async function draftImpact(db: Kysely<Database>, set: SchemaSet, live: readonly SchemaDoc[], draft: readonly SchemaDoc[]): Promise<{ total: number; items: ImpactItem[] }> {
  const before = boundsOf(live);
  const after = boundsOf(draft);
  const states = stateRules(set);
  // Requests still waiting for a decision (a denied one is decided).
  const pending = states.filter((s) => s.isRequest && s.value !== STATE.denied).map((s) => s.value);
  const active = states.filter((s) => s.isActive).map((s) => s.value);
  const items: ImpactItem[] = [];
  let total = 0;
  for (const [name, bounds] of Object.entries(after)) {
    const old = before[name] ?? {};
    const lower = bounds.maximum !== undefined && (old.maximum === undefined || bounds.maximum < old.maximum) ? bounds.maximum : undefined;
    const higher = bounds.minimum !== undefined && (old.minimum === undefined || bounds.minimum > old.minimum) ? bounds.minimum : undefined;
    if (lower === undefined && higher === undefined) continue;
    const value = sql<number>`(p.resources_numbers ->> ${name})::numeric`;
    const rows = await db
      .selectFrom('projects as p')
      .innerJoin('states as s', 's.id', 'p.state_id')
      .select(['p.identifier', 's.name as state', sql<number>`${value}`.as('value')])
      .where('s.name', 'in', [...pending, ...active, '__none__'])
      .where(sql<boolean>`jsonb_typeof(p.resources_numbers::jsonb -> ${name}) = 'number'`)
      .where((eb) => {
        const parts = [];
        if (lower !== undefined) parts.push(eb(value, '>', lower));
        if (higher !== undefined) parts.push(eb(value, '<', higher));
        return eb.or(parts);
      })
      .orderBy('p.identifier')
      .execute();
    for (const row of rows) {
      total += 1;
      if (items.length >= LISTED) continue;
      const isPending = pending.includes(row.state as never);
      const amount = Number(row.value);
      const above = lower !== undefined && amount > lower;
      const text = (lang: Language) =>
        renderMessage(above ? 'impactAboveMaximum' : 'impactBelowMinimum', lang, {
          identifier: row.identifier,
          name,
          amount: String(amount),
          bound: String(above ? lower : higher),
          consequence: renderMessage(isPending ? 'impactPendingRefused' : 'impactActiveKeeps', lang),
        });
      items.push({ kind: isPending ? 'pendingRefused' : 'activeAboveLimit', ...itemOf(row, isPending), en: text('en'), hr: text('hr') });
    }
  }
  const kept = resourceTypesOf(draft);
  const removed = [...resourceTypesOf(live)].filter((type) => !kept.has(type));
  for (const type of removed) {
    const needle = JSON.stringify([{ value: type }]);
    const rows = await db
      .selectFrom('projects as p')
      .innerJoin('states as s', 's.id', 'p.state_id')
      .select(['p.identifier', 's.name as state'])
      .where('s.name', 'in', [...pending, ...active, '__none__'])
      .where((eb) => eb.or([eb(sql`p.resources_type::jsonb`, '@>', needle), eb(sql`p.staff_resources_type::jsonb`, '@>', needle)]))
      .orderBy('p.identifier')
      .execute();
    for (const row of rows) {
      total += 1;
      if (items.length >= LISTED) continue;
      const isPending = pending.includes(row.state as never);
      const text = (lang: Language) => renderMessage('impactResourceTypeRemoved', lang, { identifier: row.identifier, type });
      items.push({ kind: 'resourceTypeRemoved', ...itemOf(row, isPending), en: text('en'), hr: text('hr') });
    }
  }
  return { total, items };
}
