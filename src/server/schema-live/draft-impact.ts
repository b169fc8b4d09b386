/**
 * What a draft changes for data already in the portal, before it is published, each item with its
 * reason in both languages and a link. Nothing submitted is changed by a rule edit: this only tells.
 *
 * Requests still pending (a denied request is decided) and active projects are affected when:
 * - a narrowed bound refuses a pending request's amount, or an active project is above a new limit;
 * - they ask for (or were granted) a resource type the draft removes;
 * - they give a share to a science domain the draft removes, or to a field the draft removes from
 *   its domain (a field moved to another domain is removed from the one the project names);
 * - they are of a project type no request type of the draft files any more (its request type is
 *   removed from requests/index.json, or the type from rules/project-types.json), or whose request
 *   type the draft stops offering (`accepting` false: nothing stored changes, no new one is filed);
 * - they hold hours granted on a cluster the draft removes from rules/clusters.json: the grant in
 *   force of that (project, cluster), which no usage record can be charged to any more (the usage
 *   ingest knows only the clusters of the rules).
 * An invitation is affected when it is still open (neither accepted nor expired; a cancelled one is
 * deleted) and its project is listed for something the draft removes or stops offering. A project
 * listed only for a changed bound has none of its invitations listed: a limit binds the project,
 * not who joins it.
 *
 * The lists are read with the schema runtime's readers (the vocabularies, `scienceDomainsOf`,
 * `clustersOf`), on a catalog of each side's documents; a document the draft lacks or that is not
 * readable lists nothing here (the set check names it). Queries run only for what the draft
 * actually removes or stops offering.
 */
import type { RuleDraftImpact } from '@generated';
import type { Db } from '@/server/db/handle';
import { createSchemaCatalog, scienceDomainsOf, SCHEMA_IDS, type SchemaCatalog, type SchemaDoc, type SchemaSet, type ScienceDomainChoice } from '@/schema-runtime';
import { STATE, stateRules } from '../projects/state-rules';
import { clustersOf, type Cluster } from '../accounting/clusters';
import { inviteExpiredSql } from '@/server/invites/queries';
import { openInvitesOfProjects } from '../invites/queries';
import { projectsInStatesInScienceDomain, projectsInStatesInScienceField, projectsInStatesOfTypes, projectsInStatesOutsideBound, projectsInStatesWithGrantsOn, projectsInStatesWithResourceType } from '../projects/queries-impact';
import { paths } from '@/schema-runtime/pages';
import { renderMessage, type Language, type MessageKey, type MessageParams, type Texts } from '@/server/i18n/messages';

/** A listed request or project: its identifier and the staff page that shows it. */
const itemOf = (row: { identifier: string }, isPending: boolean) => ({
  identifier: row.identifier,
  link: (isPending ? paths.requestDetail : paths.projectDetail).href(row.identifier),
});

/** One item of the impact list (schemas/api/rule-drafts.json names its kinds). */
export type ImpactItem = RuleDraftImpact['items'][number];

type Bounds = Record<string, { minimum?: number; maximum?: number }>;

const docOf = (docs: readonly SchemaDoc[], file: string) => docs.find((d) => d.$id.endsWith(`/${file}`)) as Record<string, any> | undefined;

function boundsOf(docs: readonly SchemaDoc[]): Bounds {
  const properties = docOf(docs, 'rules/resource-limits.json')?.properties ?? {};
  return Object.fromEntries(Object.entries(properties as Record<string, Record<string, unknown>>).map(([name, p]) => [name, { minimum: num(p?.minimum), maximum: num(p?.maximum) }]));
}
const num = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);

/** What `read` answers, or undefined when the documents do not hold what it reads. */
function readable<T>(read: () => T): T | undefined {
  try {
    return read();
  } catch {
    return undefined;
  }
}

interface RequestTypeEntry {
  value: string;
  projectType?: string;
  accepting?: boolean;
  label?: Texts;
}

/** The lists of one side (the set in use or the draft) that items are removed from; undefined: not readable. */
interface Lists {
  resourceTypes?: string[];
  projectTypes?: Array<{ value: string; label?: Texts }>;
  requestTypes?: RequestTypeEntry[];
  domains?: ScienceDomainChoice[];
  clusters?: Cluster[];
}

function listsOf(docs: readonly SchemaDoc[]): Lists {
  const catalog: SchemaCatalog | undefined = readable(() => createSchemaCatalog(docs));
  if (!catalog) return {};
  return {
    resourceTypes: readable(() => catalog.vocabulary(SCHEMA_IDS.resourceTypes).map((t) => t.value)),
    projectTypes: readable(() => catalog.vocabulary<{ label?: Texts }>(SCHEMA_IDS.projectTypes)),
    requestTypes: readable(() => catalog.vocabulary<Omit<RequestTypeEntry, 'value'>>(SCHEMA_IDS.requestTypes)),
    domains: readable(() => scienceDomainsOf(catalog)),
    clusters: readable(() => clustersOf(catalog).clusters),
  };
}

/** A project type whose requests the draft no longer takes: removed, or no longer offered. */
interface TypeChange {
  type: string;
  label: Texts;
  removed: boolean;
}

/** The project types the draft removes (from requests/index.json or rules/project-types.json) or stops offering. */
function typeChanges(live: Lists, draft: Lists): TypeChange[] {
  const liveTypes = new Set(live.projectTypes?.map((t) => t.value));
  const filedBy = (lists: Lists, type: string) => (lists.requestTypes ?? []).filter((r) => r.projectType === type);
  const offered = (entries: RequestTypeEntry[]) => entries.some((r) => r.accepting !== false);
  const types = new Set([...liveTypes, ...(live.requestTypes ?? []).flatMap((r) => (r.projectType ? [r.projectType] : []))]);
  const changes: TypeChange[] = [];
  for (const type of types) {
    const before = filedBy(live, type);
    const after = filedBy(draft, type);
    const label = before[0]?.label ?? live.projectTypes?.find((t) => t.value === type)?.label ?? { hr: type, en: type };
    const typeRemoved = draft.projectTypes !== undefined && liveTypes.has(type) && !draft.projectTypes.some((t) => t.value === type);
    const requestRemoved = draft.requestTypes !== undefined && before.length > 0 && after.length === 0;
    if (typeRemoved || requestRemoved) changes.push({ type, label, removed: true });
    else if (draft.requestTypes !== undefined && offered(before) && after.length > 0 && !offered(after)) changes.push({ type, label, removed: false });
  }
  return changes;
}

/** At most this many items are listed (the count says how many there are). */
const LISTED = 200;

/** The impact of `draft` against `live` (the documents in use) on the projects of `set`'s states. */
export async function draftImpact(db: Db, set: SchemaSet, live: readonly SchemaDoc[], draft: readonly SchemaDoc[]): Promise<{ total: number; items: ImpactItem[] }> {
  const before = boundsOf(live);
  const after = boundsOf(draft);
  const states = stateRules(set);
  // Requests still waiting for a decision (a denied one is decided).
  const pending = states.filter((s) => s.isRequest && s.value !== STATE.denied).map((s) => s.value);
  const active = states.filter((s) => s.isActive).map((s) => s.value);
  const inScope = [...pending, ...active, '__none__'];
  const items: ImpactItem[] = [];
  let total = 0;
  for (const [name, bounds] of Object.entries(after)) {
    const old = before[name] ?? {};
    const lower = bounds.maximum !== undefined && (old.maximum === undefined || bounds.maximum < old.maximum) ? bounds.maximum : undefined;
    const higher = bounds.minimum !== undefined && (old.minimum === undefined || bounds.minimum > old.minimum) ? bounds.minimum : undefined;
    if (lower === undefined && higher === undefined) continue;
    const rows = await projectsInStatesOutsideBound(db, inScope, name, { lower, higher });
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

  // What the draft removes: each listed item's project is remembered, for its open invitations.
  const touched = new Set<number>();
  const add = (kind: ImpactItem['kind'], row: { id: number; identifier: string; state: string }, key: MessageKey, params: (lang: Language) => MessageParams) => {
    total += 1;
    touched.add(row.id);
    if (items.length >= LISTED) return;
    const isPending = pending.includes(row.state as never);
    const text = (lang: Language) => renderMessage(key, lang, { identifier: row.identifier, ...params(lang) });
    items.push({ kind, ...itemOf(row, isPending), en: text('en'), hr: text('hr') });
  };
  const was = listsOf(live);
  const will = listsOf(draft);

  const kept = new Set(will.resourceTypes ?? was.resourceTypes);
  for (const type of (was.resourceTypes ?? []).filter((t) => !kept.has(t))) {
    const rows = await projectsInStatesWithResourceType(db, inScope, type);
    for (const row of rows) add('resourceTypeRemoved', row, 'impactResourceTypeRemoved', () => ({ type }));
  }

  // A science domain share names its domain and fields by value (rules/science-domains.json).
  for (const domain of will.domains ? (was.domains ?? []) : []) {
    const keptDomain = will.domains!.find((d) => d.value === domain.value);
    if (!keptDomain) {
      const rows = await projectsInStatesInScienceDomain(db, inScope, domain.value);
      for (const row of rows) add('scienceDomainRemoved', row, 'impactScienceDomainRemoved', (lang) => ({ domain: domain.label[lang] }));
      continue;
    }
    const keptFields = new Set(keptDomain.fields.map((f) => f.value));
    for (const field of domain.fields.filter((f) => !keptFields.has(f.value))) {
      const rows = await projectsInStatesInScienceField(db, inScope, domain.value, field.value);
      for (const row of rows) add('scienceFieldRemoved', row, 'impactScienceFieldRemoved', (lang) => ({ field: field.label[lang], domain: domain.label[lang] }));
    }
  }

  const changes = typeChanges(was, will);
  if (changes.length) {
    const rows = await projectsInStatesOfTypes(db, inScope, changes.map((c) => c.type));
    for (const row of rows) {
      const change = changes.find((c) => c.type === row.type)!;
      if (change.removed) add('requestTypeRemoved', row, 'impactRequestTypeRemoved', (lang) => ({ type: change.label[lang] }));
      else add('requestTypeNotOffered', row, 'impactRequestTypeNotOffered', (lang) => ({ type: change.label[lang] }));
    }
  }

  // The grant in force of a (project, cluster) is its newest row: any row names the cluster of it.
  const keptClusters = new Set((will.clusters ?? was.clusters ?? []).map((c) => c.name));
  const clustersGone = (was.clusters ?? []).filter((c) => !keptClusters.has(c.name));
  if (clustersGone.length) {
    const rows = await projectsInStatesWithGrantsOn(db, inScope, clustersGone.map((c) => c.name));
    for (const row of rows) {
      const cluster = clustersGone.find((c) => c.name === row.cluster)!;
      add('grantClusterRemoved', row, 'impactGrantClusterRemoved', (lang) => ({ cluster: cluster.label?.[lang] ?? cluster.name }));
    }
  }

  if (touched.size) {
    const rows = await openInvitesOfProjects(db, [...touched], inviteExpiredSql(set));
    for (const row of rows) {
      total += 1;
      if (items.length >= LISTED) continue;
      const text = (lang: Language) => renderMessage('impactInvitePending', lang, { identifier: row.identifier, email: row.email });
      items.push({ kind: 'invitePending', ...itemOf(row, pending.includes(row.state as never)), en: text('en'), hr: text('hr') });
    }
  }
  return { total, items };
}
