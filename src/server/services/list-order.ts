import { sql, type RawBuilder } from 'kysely';

/** One term of a list's order: the value compared, its direction, and where NULLs go when not PostgreSQL's default. */
export interface OrderTerm {
  sql: RawBuilder<unknown>;
  desc: boolean;
  nulls?: 'first' | 'last';
}

/**
 * The ORDER BY list of order terms. A list and a page of it (services/grid-pages) order their rows
 * with the same terms, so they order them alike.
 */
export function orderSql(terms: readonly OrderTerm[]): RawBuilder<unknown> {
  return sql.join(terms.map((t) => sql`${t.sql} ${sql.raw(`${t.desc ? 'DESC' : 'ASC'}${t.nulls ? ` NULLS ${t.nulls.toUpperCase()}` : ''}`)}`));
}
