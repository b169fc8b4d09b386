import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler, sql } from 'kysely';
import { ANY_CHANGE, CHANGE, changeRefSql, idsNamed, namesAnyOf } from '../../../src/server/lists/change-refs';

/** A Kysely that only compiles (PostgreSQL's SQL), to read what a fragment says. */
const compiler = new Kysely<never>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

describe('the lists change log words', () => {
  it('writes a ref as the triggers of migrations 0017 and 0023 write it', () => {
    expect(sql`SELECT ${changeRefSql(CHANGE.user, sql`m.user_id`)}`.compile(compiler).sql).toBe("SELECT 'u:' || m.user_id");
    expect(sql`SELECT ${changeRefSql(CHANGE.keys, sql`k.user_id`)}`.compile(compiler).sql).toBe("SELECT 'k:' || k.user_id");
    expect(sql`SELECT ${changeRefSql(CHANGE.project, sql`p.id`)}`.compile(compiler).sql).toBe("SELECT 'p:' || p.id");
  });

  it('reads the ids a batch names by kind, and nothing from a vocabulary change or an unknown word', () => {
    expect(idsNamed(['u:3', 'p:7', 'k:3', 'a:12', 'u:40', ANY_CHANGE, 'x:1', 'u:', 'p7'])).toEqual({ u: [3, 40], k: [3], p: [7], a: [12] });
  });

  it('tells whether a batch holds a change of the kinds asked, a vocabulary change always counting', () => {
    expect(namesAnyOf(['u:3', 'k:3'], [CHANGE.project])).toBe(false);
    expect(namesAnyOf(['u:3', 'p:9'], [CHANGE.project])).toBe(true);
    expect(namesAnyOf([ANY_CHANGE], [CHANGE.activeMember])).toBe(true);
    expect(namesAnyOf([], [CHANGE.user])).toBe(false);
  });
});
