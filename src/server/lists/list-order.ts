import { sql, type RawBuilder } from 'kysely';

/** One term of a list's order: the value compared, its direction, and where NULLs go when not PostgreSQL's default. */
export interface OrderTerm {
  sql: RawBuilder<unknown>;
  desc: boolean;
  nulls?: 'first' | 'last';
  /** What the value is, for {@link sortArraySql}: an instant, a flag (boolean) or (default) a number. */
  as?: 'instant' | 'flag';
}

/**
 * The ORDER BY list of order terms. A list and a page of it (services/grid-pages) order their rows
 * with the same terms, so they order them alike.
 */
export function orderSql(terms: readonly OrderTerm[]): RawBuilder<unknown> {
  return sql.join(terms.map((t) => sql`${t.sql} ${sql.raw(`${t.desc ? 'DESC' : 'ASC'}${t.nulls ? ` NULLS ${t.nulls.toUpperCase()}` : ''}`)}`));
}

/**
 * The order terms as an array of numbers compared element by element ascending (live lists place a
 * changed row by it, services/live-lists): per term whether the value is NULL (placed as the term
 * places NULLs) and the value, negated for a descending term. `as` says how a value becomes a
 * number: instants by their microsecond, flags as 0/1, numbers as they are (ids stay below 2^53).
 */
export function sortArraySql(terms: readonly OrderTerm[]): RawBuilder<number[]> {
  const parts = terms.flatMap((t) => {
    const nullsLast = t.nulls ? t.nulls === 'last' : !t.desc;
    const value = t.as === 'instant' ? sql`(extract(epoch FROM ${t.sql}) * 1000000)` : t.as === 'flag' ? sql`(${t.sql})::int` : t.sql;
    return [sql`CASE WHEN ${t.sql} IS NULL THEN ${sql.lit(nullsLast ? 1 : -1)} ELSE 0 END`, sql`coalesce(${sql.raw(t.desc ? '-' : '')}${value}, 0)`];
  });
  return sql<number[]>`ARRAY[${sql.join(parts)}]::float8[]`;
}
