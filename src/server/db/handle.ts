/**
 * The database handle a service holds and passes on to a room's queries: the pool, or a
 * transaction it opened. Services name no table; they take this type, not the table types.
 */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from './tables';

/** The portal's database (the pool every process opens). */
export type DatabaseHandle = Kysely<Database>;
/** A transaction on it, as `db.transaction().execute(async (trx) => …)` passes one. */
export type Trx = Transaction<Database>;
/** Either: what a query that may run inside a caller's transaction takes. */
export type Db = DatabaseHandle | Trx;
