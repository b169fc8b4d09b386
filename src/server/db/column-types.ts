import type { ColumnType } from 'kysely';

/** Column types shared by the table files (tables.ts and its per-feature companions). */
export type Timestamp = ColumnType<Date, Date | string, Date | string>;
/** A timestamp the database fills in (now()) unless given. */
export type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
/** JSON columns are written as JSON text (node-postgres would turn arrays into SQL arrays). */
export type Json<T> = ColumnType<T, string, string>;
