/**
 * Whole-list answers held by each process and kept current row by row
 * (docs/decisions/0280-incremental-list-upkeep.md). Every read first takes in the changes committed
 * since the last one from `list_row_changes` (migration 0017) — one indexed read — and re-reads only
 * the rows those changes touch, by id; so the changer and every other reader, in this process or
 * another, see a change on their next read, and nobody waits for a whole list. The `portal_lists`
 * notifications let a process take changes in as they commit, before anyone asks. A list is built
 * whole only when first asked for, after a change to a vocabulary or a very large one, and by the
 * periodic check, which compares the held rows with a full build and repairs (and logs) a difference.
 */
import type { DatabaseHandle } from '@/server/db/handle';
import { RowStore, type ListRow } from './row-store';
import { repairActiveMembers } from '../memberships/active-members';
import { ANY_CHANGE, CHANGE, idsNamed } from './change-refs';
import { changesSince, foldOldChangeLog, pruneRowChanges } from './queries';

/** What a batch of changes names, by kind (change-refs.ts): users, owners of changed keys, projects. */
export interface Touched {
  users: number[];
  keyOwners: number[];
  projects: number[];
}

/** One list kept live: its name (with everything its answer depends on) and its row query. */
export interface LiveListSpec {
  name: string;
  /** What joins two rows' JSON in the whole answer (json_agg writes ', ', JSON.stringify ','). */
  separator: string;
  /** The rows the changes `touched` may concern (all rows when null) that are in the list, in its order. */
  rows(touched: Touched | null): Promise<ListRow[]>;
}

/** What json_agg writes between two values: the lists built by PostgreSQL join their rows with it. */
export const JSON_AGG_SEPARATOR = ', ';

/** More names than this in one batch of changes: building the lists again is cheaper than re-reading. */
const MAX_REFS = 5_000;
/** How often every held list is compared with a full build. */
export const CHECK_EVERY_MS = 10 * 60_000;
/** Changes kept this long; a process that has not read them for half of it builds its lists again. */
const KEEP_CHANGES_MS = 60 * 60_000;
/** Lists held per process (the external API's filters make a list per filter). */
const MAX_LISTS = 64;

interface Held {
  spec: LiveListSpec;
  store: RowStore | null;
  /** Names of changes taken in and not yet applied: a list re-reads its rows when it is read. */
  pending: Set<string>;
}

function touchedBy(refs: Iterable<string>): Touched {
  const ids = idsNamed(refs);
  return { users: ids[CHANGE.user], keyOwners: ids[CHANGE.keys], projects: ids[CHANGE.project] };
}

export class ListUpkeep {
  private readonly lists = new Map<string, Held>();
  /** The oldest transaction running at the last read of the changes, and the changes read of it or newer ones (id → xid). */
  private cursor: { xmin: string; seen: Map<string, string>; at: number } | null = null;
  private queue: Promise<unknown> = Promise.resolve();
  private pending: Promise<void> | null = null;
  /** Names of changes taken in while a check builds its lists (their rows may differ from that build). */
  private checking: Set<string> | null = null;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly db: DatabaseHandle,
    private readonly log: (message: string) => void,
  ) {}

  /**
   * The current answer of `spec`: changes committed before this call are in it.
   */
  async read(spec: LiveListSpec): Promise<RowStore> {
    await this.catchUp();
    let held = this.lists.get(spec.name);
    if (held) this.lists.delete(spec.name);
    else held = { spec, store: null, pending: new Set() };
    this.lists.set(spec.name, held);
    if (this.lists.size > MAX_LISTS) this.lists.delete(this.lists.keys().next().value!);
    const entry = held;
    await this.serial(async () => {
      if (entry.store) await this.applyPending(entry);
      else entry.store = new RowStore(await spec.rows(null), spec.separator);
    });
    this.timer ??= setInterval(() => void this.check().catch((e: Error) => this.log(`list check failed: ${e.message}`)), CHECK_EVERY_MS).unref();
    return entry.store!;
  }

  /** Takes in every change committed before this call (joins a catch-up queued and not yet started). */
  catchUp(): Promise<void> {
    this.pending ??= this.serial(async () => {
      this.pending = null;
      await this.takeChanges();
    });
    return this.pending;
  }

  /** Takes in the committed changes and re-reads the rows they touch in every held list (a head start for the next readers). */
  async refresh(): Promise<void> {
    await this.catchUp();
    await this.serial(async () => {
      for (const held of this.lists.values()) await this.applyPending(held);
    });
  }

  /**
   * Compares every held list with a full build and makes the rows that differ those of the build,
   * logging each list that differed. Rows touched by changes taken in meanwhile are left to them.
   *
   * @returns the number of rows repaired
   */
  async check(): Promise<number> {
    await pruneRowChanges(this.db, KEEP_CHANGES_MS);
    // The previous release's change log (migration 0003, kept for rolling upgrades) is still written
    // by its triggers; fold it into its versions as that release did, so it stays small and the
    // versions such a process compares keep counting up.
    await foldOldChangeLog(this.db);
    let repaired = 0;
    for (const [name, held] of [...this.lists]) {
      if (!held.store) continue;
      this.checking = new Set();
      try {
        await this.catchUp();
        await this.serial(() => this.applyPending(held));
        const built = await held.spec.rows(null);
        await this.catchUp();
        repaired += await this.serial(async () => {
          await this.applyPending(held);
          const moved = this.checking!;
          const store = held.store;
          if (!store || moved.has(ANY_CHANGE)) return 0;
          const skip = store.keysTouching(moved);
          for (const row of built) if (row.deps.some((d) => moved.has(d))) skip.add(row.key);
          const wrong = store.differences(built, skip);
          if (wrong.size === 0) return 0;
          store.apply(wrong, built.filter((r) => wrong.has(r.key)));
          this.log(`list ${name}: ${wrong.size} held row(s) differed from a full build; repaired`);
          return wrong.size;
        });
      } finally {
        this.checking = null;
      }
    }
    const members = await repairActiveMembers(this.db);
    if (members > 0) this.log(`active members: ${members} row(s) differed from the memberships and states; repaired`);
    return repaired + members;
  }

  /** Stops the periodic check. */
  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** Runs `work` after everything queued before it: takes of changes, builds and repairs never overlap. */
  private serial<T>(work: () => Promise<T>): Promise<T> {
    const run = this.queue.then(work, work);
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async takeChanges(): Promise<void> {
    const cursor = this.cursor;
    const { xmin, changes } = await changesSince(this.db, cursor);
    // Changes of transactions that may still have been running are remembered until none can be.
    const seen = new Map([...(cursor?.seen ?? []), ...changes.map((c) => [c.id, c.xid] as const)]);
    for (const [id, xid] of seen) if (BigInt(xid) < BigInt(xmin)) seen.delete(id);
    this.cursor = { xmin, seen, at: Date.now() };
    // Never read before, or not for so long that changes may have been pruned: every list builds again.
    if (!cursor || Date.now() - cursor.at > KEEP_CHANGES_MS / 2) {
      this.dropAll();
      return;
    }
    const refs = new Set(changes.flatMap((c) => c.refs));
    if (refs.size === 0) return;
    for (const ref of refs) this.checking?.add(ref);
    if (refs.has(ANY_CHANGE) || refs.size > MAX_REFS) {
      this.dropAll();
      return;
    }
    for (const held of this.lists.values()) {
      if (!held.store) continue;
      for (const ref of refs) held.pending.add(ref);
      if (held.pending.size > MAX_REFS) {
        held.store = null;
        held.pending.clear();
      }
    }
  }

  /** Forgets every held list: each is built whole when next read. */
  private dropAll(): void {
    for (const held of this.lists.values()) {
      held.store = null;
      held.pending.clear();
    }
  }

  /** Re-reads the rows the list's pending changes touch (run serially). */
  private async applyPending(held: Held): Promise<void> {
    const refs = held.pending;
    held.pending = new Set();
    if (!held.store || refs.size === 0) return;
    const keys = held.store.keysTouching(refs);
    held.store.apply(keys, await held.spec.rows(touchedBy(refs)));
  }
}

/* One upkeep per app (so two apps on one embedded database stay two processes), listed by database for its notifications. */
const upkeeps = new WeakMap<object, ListUpkeep>();
const byDatabase = new WeakMap<DatabaseHandle, Set<ListUpkeep>>();

/** The upkeep of `owner` (an app's context), created on first use. */
export function listUpkeepOf(owner: object, db: DatabaseHandle, log: (message: string) => void): ListUpkeep {
  let upkeep = upkeeps.get(owner);
  if (!upkeep) {
    upkeeps.set(owner, (upkeep = new ListUpkeep(db, log)));
    let set = byDatabase.get(db);
    if (!set) byDatabase.set(db, (set = new Set()));
    set.add(upkeep);
  }
  return upkeep;
}

/** The channel of migration 0017. */
export const LISTS_CHANNEL = 'portal_lists';

/**
 * Takes changes into this process's lists as their notifications arrive, before a reader asks. Only
 * a head start: a reader takes in whatever was not yet taken in, so a lost connection costs nothing
 * but that.
 */
export async function startListNotices(handle: { db: DatabaseHandle; listen(channel: string, onMessage: (payload: string) => void, onLost: (error: Error) => void): Promise<unknown> }): Promise<void> {
  await handle.listen(LISTS_CHANNEL, () => {
    for (const upkeep of byDatabase.get(handle.db) ?? []) void upkeep.refresh().catch(() => undefined);
  }, () => undefined);
}
