/**
 * The only module that names the tables of projects/ (projects, project_counter, staff_comments, project_notices, states, project_types, active_states): the questions its services, and
 * other rooms', ask of them. Joins may read other rooms' tables.
 */
export type { ProjectRow } from '@/server/db/tables';
