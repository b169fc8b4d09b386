/**
 * The answers the clusters' provisioning scripts read (reference §2.3, its quirks fixed): who is
 * on which active project, every SSH key, and the approved projects with their people. Each is
 * a live list (services/live-lists) under a name that includes its filters: a repeated call is a
 * read from memory, and a change re-reads only the rows it touches before the next call answers.
 */
import { sql } from 'kysely';
import type { DatabaseHandle } from '@/server/db/handle';
import type { SchemaSet } from '@/schema-runtime';
import { stateRules } from '../projects/state-rules';
import type { ListRow } from '../lists/row-store';
import { keyListRows } from '../keys/queries';
import { activeProjectMembershipRows } from '../memberships/queries';
import { projectsUsersRows } from '../projects/queries';
import { JSON_AGG_SEPARATOR, type LiveListSpec } from '../lists/list-upkeep';
import { touchedProjects } from '@/server/memberships/queries-lists';
import type { ExternalMaps } from './external-maps';

/** A comma-separated query value as a list: trimmed, empty parts dropped, duplicates removed, sorted. */
export function queryList(value: string | undefined): string[] | undefined {
  if (value === undefined) return undefined;
  return [...new Set(value.split(',').map((v) => v.trim()).filter(Boolean))].sort();
}

const cacheName = (base: string, parts: Record<string, string[] | string | undefined>) =>
  `${base}?${Object.entries(parts)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k}=${encodeURIComponent(Array.isArray(v) ? v.join(',') : v!)}`)
    .join('&')}`;

/** The granted resource tags of project `p` as a JSON array of strings. */
const TAGS = sql`(SELECT coalesce(jsonb_agg(t->>'value' ORDER BY ord), '[]'::jsonb)
  FROM jsonb_array_elements(coalesce(p.staff_resources_type, '[]'::jsonb)) WITH ORDINALITY AS g(t, ord))`;
/** The tags of project `p` as a sorted text array, for exact comparisons. */
const TAG_SET = sql`(SELECT coalesce(array_agg(DISTINCT t->>'value' ORDER BY t->>'value'), '{}'::text[])
  FROM jsonb_array_elements(coalesce(p.staff_resources_type, '[]'::jsonb)) AS g(t))`;
const HAS_ANY_TAG = (tags: string[]) =>
  sql`EXISTS (SELECT 1 FROM jsonb_array_elements(coalesce(p.staff_resources_type, '[]'::jsonb)) AS g(t) WHERE t->>'value' = ANY(${tags}::text[]))`;

/**
 * The state a client of the current portal is sent for project `p` in state `s`: a state that portal
 * knew as it is; any other as the last active state it knew that the project's change history
 * names (before or after a change), else the state's `currentPortalFallback` (rules/states.json).
 */
function currentPortalState(schemas: SchemaSet) {
  const rules = stateRules(schemas);
  const known = rules.filter((r) => r.knownToCurrentPortal).map((r) => r.value);
  const activeKnown = rules.filter((r) => r.knownToCurrentPortal && r.isActive).map((r) => r.value);
  const fallbacks = rules.filter((r) => !r.knownToCurrentPortal);
  const fallback = fallbacks.length
    ? sql`CASE ${sql.join(fallbacks.map((r) => sql`WHEN s.name = ${r.value} THEN ${r.currentPortalFallback ?? null}::text`), sql` `)} END`
    : sql`NULL::text`;
  return sql`CASE WHEN s.name = ANY(${known}::text[]) THEN s.name ELSE coalesce(
    (SELECT h.state FROM jsonb_array_elements(p.change_history) WITH ORDINALITY AS e(entry, n)
       CROSS JOIN LATERAL (VALUES (2 * e.n, e.entry->'next'->>'state'), (2 * e.n - 1, e.entry->'previous'->>'state')) AS h(o, state)
     WHERE h.state = ANY(${activeKnown}::text[]) ORDER BY h.o DESC LIMIT 1),
    ${fallback}, s.name) END`;
}

/**
 * The requested amounts with each number written as text (`"4"`): the current portal stored and
 * sent what its form posted, and a client written for it reads text (docs/external-api.md).
 */
const AMOUNTS_AS_TEXT = sql`CASE WHEN p.resources_numbers IS NULL THEN NULL ELSE coalesce((
  SELECT jsonb_object_agg(e.key, CASE WHEN jsonb_typeof(e.value) = 'number' THEN to_jsonb(e.value #>> '{}') ELSE e.value END)
  FROM jsonb_each(p.resources_numbers) e), '{}'::jsonb) END`;

/**
 * GET /api/v1/usersprojects: memberships on active projects, by any of `tags` and exact `projects`;
 * each project's state as the current portal would have sent it, or this portal's own (`detailed`).
 */
export function usersProjectsList(db: DatabaseHandle, schemas: SchemaSet, filter: { tags?: string[]; projects?: string[]; states?: 'current' | 'detailed' }): LiveListSpec {
  const detailed = filter.states === 'detailed';
  const state = detailed ? sql`s.name` : currentPortalState(schemas);
  return {
    name: cacheName('ext-usersprojects', { tags: filter.tags, projects: filter.projects, states: detailed ? 'detailed' : undefined }),
    separator: JSON_AGG_SEPARATOR,
    rows: (touched) =>
      activeProjectMembershipRows(
        db,
        { amounts: AMOUNTS_AS_TEXT, tags: TAGS, state },
        sql`${filter.tags ? HAS_ANY_TAG(filter.tags) : sql`true`}
          AND ${filter.projects ? sql`p.identifier = ANY(${filter.projects}::text[])` : sql`true`}`,
        touched,
      ),
  };
}

/** GET /api/v1/sshkeys: every key with its owner's cluster username. */
export function sshKeysList(db: DatabaseHandle): LiveListSpec {
  return {
    name: 'ext-sshkeys',
    separator: JSON_AGG_SEPARATOR,
    rows: (touched) => keyListRows(db, touched ? [...touched.users, ...touched.keyOwners] : null),
  };
}

/**
 * GET /api/v1/accounting/projectsusers: approved projects (every state that is not a request:
 * running, being extended or finished) with institution, science fields as plain names, granted
 * tags and people. `tags` with `op` OR: any of them; AND or `tag`: exactly those tags.
 */
export function projectsUsersList(
  db: DatabaseHandle,
  schemas: SchemaSet,
  maps: ExternalMaps,
  filter: { tags?: string[]; op?: 'OR' | 'AND'; tag?: string },
): LiveListSpec {
  const states = stateRules(schemas).filter((s) => !s.isRequest).map((s) => s.value);
  const exact = filter.tag !== undefined ? [filter.tag] : filter.op === 'AND' ? filter.tags : undefined;
  const tagCondition = exact ? sql`${TAG_SET} = ${[...new Set(exact)].sort()}::text[]` : filter.tags ? HAS_ANY_TAG(filter.tags) : sql`true`;
  const registryProject = schemas.service.registryPages.project;
  return {
    name: cacheName('ext-projectsusers', { tags: filter.tags, op: filter.tags ? (filter.op ?? 'OR') : undefined, tag: filter.tag }),
    separator: ',',
    rows: async (touched) => {
      const rows = await projectsUsersRows(db, states, TAGS, sql`${tagCondition} AND ${touchedProjects(sql`p.id`, touched)}`);
      return rows.map((row): ListRow => {
        const institution = maps.institution(row.institute);
        const finance = Array.isArray(row.croris_finance) && row.croris_finance.length ? row.croris_finance : [row.institute];
        const answer = {
          id: row.id,
          sifra: maps.rewriteIdentifier(row.identifier),
          date_from: row.date_from,
          date_end: row.date_end,
          date_approved: row.date_approved,
          type: row.type,
          name: row.name,
          ustanova: { naziv: institution.naziv, oib: institution.oib, mbu: institution.mbu },
          croris_url: row.croris_id ? registryProject.replace('{id}', String(row.croris_id)) : '',
          science_field: row.science_field,
          realm: institution.realm,
          finance,
          approved_resources: row.approved_resources,
          users: row.users,
        };
        return { key: row.key, sort: row.sort, deps: row.deps, json: JSON.stringify(answer) };
      });
    },
  };
}
