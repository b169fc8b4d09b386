/**
 * The answers the clusters' provisioning scripts read (reference §2.3, its quirks fixed): who is
 * on which active project, every SSH key, and the approved projects with their people. Each is
 * a live list (services/live-lists) under a name that includes its filters: a repeated call is a
 * read from memory, and a change re-reads only the rows it touches before the next call answers.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '@/server/db/tables';
import type { SchemaSet } from '@/schema-runtime';
import { stateRules } from '../projects/state-rules';
import type { ListRow } from '../lists/row-store';
import { CHANGE, changeRefSql } from '../lists/change-refs';
import { JSON_AGG_SEPARATOR, type LiveListSpec } from '../lists/list-upkeep';
import { touchedProjects } from '../projects/projects-list';
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
export function usersProjectsList(db: Kysely<Database>, schemas: SchemaSet, filter: { tags?: string[]; projects?: string[]; states?: 'current' | 'detailed' }): LiveListSpec {
  const detailed = filter.states === 'detailed';
  const state = detailed ? sql`s.name` : currentPortalState(schemas);
  return {
    name: cacheName('ext-usersprojects', { tags: filter.tags, projects: filter.projects, states: detailed ? 'detailed' : undefined }),
    separator: JSON_AGG_SEPARATOR,
    rows: async (touched) =>
      (
        await sql<ListRow>`
        SELECT m.id::text AS key, ARRAY[m.id]::float8[] AS sort, ARRAY[${changeRefSql(CHANGE.user, sql`m.user_id`)}, ${changeRefSql(CHANGE.project, sql`m.project_id`)}] AS deps,
          json_build_object(
          'user', json_build_object('id', u.id, 'person_oib', u.person_oib, 'first_name', u.first_name, 'last_name', u.last_name,
            'person_mail', u.person_mail, 'person_username', u.person_username, 'person_type', u.person_type, 'username', u.username,
            'status', u.status, 'is_active', u.is_active, 'is_staff', u.is_staff, 'is_superuser', u.is_superuser),
          'project', json_build_object('id', p.id, 'identifier', p.identifier, 'is_active', p.is_active, 'name', p.name,
            'institute', p.institute, 'project_type', pt.name, 'resources_numbers', ${AMOUNTS_AS_TEXT},
            'staff_resources_type', ${TAGS}, 'state', ${state}),
          'date_joined', m.date_joined)::text AS json
        FROM memberships m
          JOIN users u ON u.id = m.user_id
          JOIN projects p ON p.id = m.project_id
          JOIN states s ON s.id = p.state_id
          JOIN project_types pt ON pt.id = p.project_type_id
        WHERE p.is_active
          AND ${touched ? sql`m.id = ANY(ARRAY(SELECT id FROM memberships WHERE user_id = ANY(${touched.users}::int8[]) OR project_id = ANY(${touched.projects}::int8[])))` : sql`true`}
          AND ${filter.tags ? HAS_ANY_TAG(filter.tags) : sql`true`}
          AND ${filter.projects ? sql`p.identifier = ANY(${filter.projects}::text[])` : sql`true`}
        ORDER BY m.id`.execute(db)
      ).rows,
  };
}

/** GET /api/v1/sshkeys: every key with its owner's cluster username. */
export function sshKeysList(db: Kysely<Database>): LiveListSpec {
  return {
    name: 'ext-sshkeys',
    separator: JSON_AGG_SEPARATOR,
    rows: async (touched) =>
      (
        await sql<ListRow>`
        SELECT k.id::text AS key, ARRAY[k.id]::float8[] AS sort, ARRAY[${changeRefSql(CHANGE.keys, sql`k.user_id`)}, ${changeRefSql(CHANGE.user, sql`k.user_id`)}] AS deps,
          json_build_object('name', k.name, 'fingerprint', k.fingerprint, 'public_key', k.public_key,
          'date_created', k.date_created, 'user', json_build_object('id', u.id, 'person_username', u.person_username))::text AS json
        FROM ssh_keys k JOIN users u ON u.id = k.user_id
        WHERE ${touched ? sql`k.user_id = ANY(${[...touched.users, ...touched.keyOwners]}::int8[])` : sql`true`}
        ORDER BY k.id`.execute(db)
      ).rows,
  };
}

interface ProjectUsersRow {
  key: string;
  sort: number[];
  deps: string[];
  id: number;
  identifier: string;
  date_from: string | null;
  date_end: string | null;
  date_approved: string | null;
  type: string;
  name: string;
  institute: string;
  croris_id: number | null;
  croris_finance: unknown;
  science_field: unknown;
  approved_resources: string[];
  users: unknown[];
}

/**
 * GET /api/v1/accounting/projectsusers: approved projects (every state that is not a request:
 * running, being extended or finished) with institution, science fields as plain names, granted
 * tags and people. `tags` with `op` OR: any of them; AND or `tag`: exactly those tags.
 */
export function projectsUsersList(
  db: Kysely<Database>,
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
      const { rows } = await sql<ProjectUsersRow>`
        SELECT p.id::text AS key, ARRAY[p.id]::float8[] AS sort,
          ARRAY[${changeRefSql(CHANGE.project, sql`p.id`)}] || (SELECT coalesce(array_agg(DISTINCT ${changeRefSql(CHANGE.user, sql`m.user_id`)}), '{}') FROM memberships m WHERE m.project_id = p.id) AS deps,
          p.id, p.identifier, p.date_start AS date_from, p.date_end, to_char(p.date_approved, 'YYYY-MM-DD') AS date_approved,
          pt.name AS type, p.name, p.institute, p.croris_id, p.croris_finance,
          (SELECT coalesce(jsonb_agg(jsonb_build_object('name', d->'name'->>'value', 'percent', d->'percent',
              'scientificfields', (SELECT coalesce(jsonb_agg(jsonb_build_object('name', f->'name'->>'value', 'percent', f->'percent')), '[]'::jsonb)
                                   FROM jsonb_array_elements(coalesce(d->'scientificfields', '[]'::jsonb)) AS sf(f)))), '[]'::jsonb)
           FROM jsonb_array_elements(coalesce(p.science_field, '[]'::jsonb)) AS sd(d)) AS science_field,
          ${TAGS} AS approved_resources,
          (SELECT coalesce(json_agg(json_build_object('id', u.id, 'uid', u.person_uniqueid, 'ime', u.first_name, 'prezime', u.last_name,
              'mail', u.person_mail, 'ustanova', u.person_institution) ORDER BY m.id), '[]'::json)
           FROM memberships m JOIN users u ON u.id = m.user_id WHERE m.project_id = p.id) AS users
        FROM projects p
          JOIN states s ON s.id = p.state_id
          JOIN project_types pt ON pt.id = p.project_type_id
        WHERE s.name = ANY(${states}::text[]) AND ${tagCondition} AND ${touchedProjects(sql`p.id`, touched)}
        ORDER BY p.id`.execute(db);
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
