import { sql, type RawBuilder } from 'kysely';

/**
 * The words of the lists' change log (`list_row_changes.refs`, written by the triggers of
 * migrations 0017 and 0023, which are history and keep their own copy): a ref names what a write
 * touched as `<kind>:<id>`, or is `*`, a vocabulary's change, after which any list may differ. The
 * lists name what each row depends on in the same words (`changeRefSql`), and the upkeep and the
 * paged grids' counts read a batch of refs only through this module.
 */
export const CHANGE = {
  /** A user row. */
  user: 'u',
  /** A user's keys; the id is the owner's. */
  keys: 'k',
  /** A project or one of its memberships. */
  project: 'p',
  /** A user who became or stopped being an active member. */
  activeMember: 'a',
} as const;

export type ChangeKind = (typeof CHANGE)[keyof typeof CHANGE];

/** A vocabulary's change: every list may differ. */
export const ANY_CHANGE = '*';

/** SQL of the ref that names `id` (a column or expression) as a change of `kind`. */
export function changeRefSql(kind: ChangeKind, id: RawBuilder<unknown>): RawBuilder<string> {
  return sql<string>`${sql.lit(`${kind}:`)} || ${id}`;
}

/** The ids a batch of refs names, by kind; `*` and a ref of no known kind name none. */
export function idsNamed(refs: Iterable<string>): Record<ChangeKind, number[]> {
  const ids: Record<ChangeKind, number[]> = { u: [], k: [], p: [], a: [] };
  for (const ref of refs) {
    const [kind, id] = [ref.slice(0, 1), ref.length > 2 ? Number(ref.slice(2)) : NaN];
    if (ref[1] === ':' && kind in ids && Number.isInteger(id)) ids[kind as ChangeKind].push(id);
  }
  return ids;
}

/** Whether a batch of refs holds a change of one of `kinds`, or a vocabulary's. */
export function namesAnyOf(refs: Iterable<string>, kinds: readonly ChangeKind[]): boolean {
  for (const ref of refs) if (ref === ANY_CHANGE || kinds.some((kind) => ref.startsWith(`${kind}:`))) return true;
  return false;
}
