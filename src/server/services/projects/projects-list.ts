/**
 * GET projects/all: the staff grids' list (schemas/api/projects-list.json), built by PostgreSQL in
 * one statement as one JSON text — only the fields the layouts tables/projects.json and
 * tables/requests.json show, filter and link; of each member only the name, the username the
 * person popover loads the rest by when it opens, and the status its link depends on. Nothing is
 * parsed or re-serialised in Node; the full project stays with the detail call.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/tables';
import { ROLE } from './state-rules';

/** The answer as JSON text, newest submission first (then newest id), members leads first. */
export async function projectsListJson(db: Kysely<Database>): Promise<string> {
  const { rows } = await sql<{ body: string }>`
    WITH members AS (
      SELECT m.project_id,
             json_agg(json_build_object(
               'role', json_build_object('name', r.name),
               'user', json_build_object(
                 'username', u.username, 'first_name', u.first_name, 'last_name', u.last_name, 'status', u.status)
             ) ORDER BY r.name = ${ROLE.lead} DESC, m.id) AS list
        FROM memberships m
        JOIN users u ON u.id = m.user_id
        JOIN roles r ON r.id = m.role_id
       GROUP BY m.project_id
    )
    SELECT coalesce(json_agg(row), '[]'::json)::text AS body
      FROM (
        SELECT json_build_object(
                 'id', p.id, 'identifier', p.identifier, 'name', p.name, 'institute', p.institute,
                 'state', json_build_object('name', s.name), 'project_type', json_build_object('name', t.name),
                 'date_submitted', to_char(p.date_submitted AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
                 'date_start', to_char(p.date_start, 'YYYY-MM-DD'), 'date_end', to_char(p.date_end, 'YYYY-MM-DD'),
                 'croris_finance', p.croris_finance,
                 'resources_type', coalesce(p.resources_type, '[]'::jsonb),
                 'staff_resources_type', coalesce(p.staff_resources_type, '[]'::jsonb),
                 'userproject_set', coalesce(mb.list, '[]'::json)
               ) AS row
          FROM projects p
          JOIN states s ON s.id = p.state_id
          JOIN project_types t ON t.id = p.project_type_id
          LEFT JOIN members mb ON mb.project_id = p.id
         ORDER BY p.date_submitted DESC NULLS LAST, p.id DESC
      ) ordered`.execute(db);
  return rows[0]?.body ?? '[]';
}
