/**
 * The only module that names the tables of users/ (users, user_groups): the questions its services, and
 * other rooms', ask of them. Joins may read other rooms' tables.
 */
export type { UserRow, UserUpdate } from '@/server/db/tables';
