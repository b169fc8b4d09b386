import { sql, type Kysely, type RawBuilder } from 'kysely';

/** The events a statement trigger with transition tables is made for: one trigger per event. */
const EVENTS = ['ins', 'upd', 'del', 'trunc'] as const;

/**
 * Creates `<table>_<suffix>_{ins,upd,del,trunc}`: AFTER … FOR EACH STATEMENT triggers calling
 * `fn(args)`, with the inserted rows as `new_rows` and the deleted ones as `old_rows` (transition
 * tables allow one event per trigger, hence four).
 */
export async function createStatementTriggers(db: Kysely<unknown>, table: string, suffix: string, fn: string, args: RawBuilder<unknown>): Promise<void> {
  const t = sql.id(table);
  const name = (event: string) => sql.id(`${table}_${suffix}_${event}`);
  const call = sql`EXECUTE FUNCTION ${sql.id(fn)}(${args})`;
  await sql`CREATE TRIGGER ${name('ins')} AFTER INSERT ON ${t} REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT ${call}`.execute(db);
  await sql`CREATE TRIGGER ${name('upd')} AFTER UPDATE ON ${t} REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT ${call}`.execute(db);
  await sql`CREATE TRIGGER ${name('del')} AFTER DELETE ON ${t} REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT ${call}`.execute(db);
  await sql`CREATE TRIGGER ${name('trunc')} AFTER TRUNCATE ON ${t} FOR EACH STATEMENT ${call}`.execute(db);
}

/**
 * plpgsql for the start of a function of {@link createStatementTriggers}: returns when the
 * statement changed no row (an upsert that found nothing to do, a DELETE that matched nothing).
 * Nested: a condition naming a transition table the event lacks would not even be planned.
 */
export const RETURN_IF_NO_ROWS = `
         IF TG_OP IN ('INSERT', 'UPDATE') THEN
           IF NOT EXISTS (SELECT 1 FROM new_rows) THEN RETURN NULL; END IF;
         ELSIF TG_OP = 'DELETE' THEN
           IF NOT EXISTS (SELECT 1 FROM old_rows) THEN RETURN NULL; END IF;
         END IF;`;

/** Drops what {@link createStatementTriggers} made. */
export async function dropStatementTriggers(db: Kysely<unknown>, table: string, suffix: string): Promise<void> {
  for (const event of EVENTS) await sql`DROP TRIGGER IF EXISTS ${sql.id(`${table}_${suffix}_${event}`)} ON ${sql.id(table)}`.execute(db);
}
