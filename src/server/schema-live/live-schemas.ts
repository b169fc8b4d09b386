/**
 * The schema set a process runs on, replaceable while it runs (docs/decisions/0260-live-schemas.md).
 * A reload reads `SCHEMAS_DIR`, checks the whole candidate (it compiles, every `$ref` resolves, no
 * bound contradicts another, the shapes the running code was generated from are unchanged, every
 * example under `examples/` validates as declared) and only then puts it in place; a refused
 * candidate is reported (file, JSON pointer, reason) and the running set keeps serving. The set
 * that goes live is recorded once in `schema_sets` with its changes, and announced to the other
 * processes, which load the same folder and check it themselves.
 */
import { hostname } from 'node:os';
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { DatabaseHandle } from '@/server/db/handle';
import { syncVocabularies } from '@/server/db/vocabularies';
import {
  checkSchemaSet,
  createSchemaSet,
  diffSchemaDocs,
  rebaseDocs,
  type SchemaChange,
  type SchemaDoc,
  type SchemaProblem,
  type SchemaSet,
  type ShapeSignature,
} from '@/schema-runtime';
import { loadSchemaFiles, readSchemaExamples } from '@/schema-runtime/node';
import { schemaSetHash } from './set-hash';
import { recordSchemaSet } from './schema-history';
import { baseDocs, rebaseDraft } from './schema-rebase';
import { latestSchemaSet, recordBase, schemaSetByHash, type LatestSet } from './queries';

/** The channel a process notifies when a set went live, with the set's hash as payload. */
export const SCHEMAS_CHANNEL = 'portal_schemas';
/** The payload on that channel that asks every process to reload its folder. */
export const RELOAD_REQUEST = 'reload';

/** What a reload did. */
export type ReloadOutcome =
  | { status: 'live'; hash: string; changes: SchemaChange[] }
  | { status: 'unchanged'; hash: string }
  | { status: 'refused'; hash: string; problems: SchemaProblem[] };

/** Who asked for a reload: the folder watcher, a staff member, the command, another process. */
export type ReloadOrigin = 'start' | 'watch' | 'api' | 'command' | 'notification' | 'publish' | 'restore' | 'rebase';

/** Who put a set live from the rules editor, and why (a rebase: staff's changes re-applied on a new release, theirs still). */
export interface StaffPut {
  origin: 'publish' | 'restore' | 'rebase';
  authorId: number | null;
  note: string | null;
}

/** Values of rules/service.json that name cookies and schema ids: changing them needs a restart. */
const RESTART_ONLY = ['serviceKey', 'productKey'] as const;

/** The shapes the running code was generated from (`npm run codegen`), when present. */
export function runningShapes(): ShapeSignature | undefined {
  try {
    return JSON.parse(readFileSync(join(__dirname, '../../../generated/schema-shapes.json'), 'utf8')) as ShapeSignature;
  } catch {
    return undefined;
  }
}

/** A candidate set read from a folder: its documents and set, or what is wrong with it. */
export interface Candidate {
  docs: SchemaDoc[];
  set?: SchemaSet;
  problems: SchemaProblem[];
}

/**
 * Reads and checks the schemas of `dir` completely; `running` (the set now serving) adds the
 * restart-only rule. Never throws for a bad folder: every fault is a problem of the answer.
 */
export function readCandidate(dir: string, running?: SchemaSet, shapes: ShapeSignature | undefined = runningShapes()): Candidate {
  let docs: SchemaDoc[];
  try {
    docs = loadSchemaFiles(dir) as SchemaDoc[];
  } catch (error) {
    // loadSchemaFiles names the file that is not JSON.
    const [file, ...reason] = (error as Error).message.split(': ');
    return { docs: [], problems: [{ file: relative(dir, file) || file, pointer: '', reason: reason.join(': ') || 'cannot be read' }] };
  }
  return checkCandidate(docs, dir, running, shapes);
}

/**
 * Checks documents that did not come from a folder (a draft, an earlier set) completely, with the
 * examples of `dir`, exactly as a folder is checked.
 */
export function checkCandidate(docs: SchemaDoc[], dir: string, running?: SchemaSet, shapes: ShapeSignature | undefined = runningShapes()): Candidate {
  const examples = readSchemaExamples(dir);
  const checked = checkSchemaSet(docs, { examples: examples.examples, running: shapes });
  const problems = [...examples.problems, ...checked.problems];
  if (problems.length || !checked.set) return { docs, problems };
  const set = checked.set;
  if (running)
    for (const key of RESTART_ONLY)
      if (set.service[key] !== running.service[key])
        problems.push({
          file: 'rules/service.json',
          pointer: `/properties/${key}/const`,
          reason: `${key} names cookies and schemas of running sessions: changing it "${running.service[key]}" → "${set.service[key]}" needs a restart`,
        });
  return problems.length ? { docs, problems } : { docs, set, problems };
}

/** The folder's set when its hash is `hash` (checked elsewhere), else undefined. */
function alreadyChecked(dir: string, hash: string): Candidate | undefined {
  try {
    const docs = loadSchemaFiles(dir) as SchemaDoc[];
    const set = createSchemaSet(docs);
    return schemaSetHash(set) === hash ? { docs, set, problems: [] } : undefined;
  } catch {
    return undefined;
  }
}

/** The set this process serves and how to replace it. */
export class LiveSchemas {
  private docs: SchemaDoc[];
  private reloading: Promise<ReloadOutcome> | undefined;
  /** The hash of the shipped folder's set (the release's base of staff edits). */
  private baseHash: string;

  constructor(
    private current: SchemaSet,
    docs: SchemaDoc[],
    private readonly options: { dir: string; db: DatabaseHandle; notify?: (hash: string) => Promise<void> },
  ) {
    this.docs = docs;
    this.baseHash = schemaSetHash(current);
  }

  /** The documents of the set in use, as written (before `{product}` is replaced): what a draft starts from. */
  get documents(): SchemaDoc[] {
    return this.docs;
  }

  /** The shipped folder (its examples check every candidate). */
  get dir(): string {
    return this.options.dir;
  }

  get base(): string {
    return this.baseHash;
  }

  /** Where reloads are reported (the app's logger once it exists). */
  log: (level: 'info' | 'warn', line: string, detail?: unknown) => void = (level, line, detail) =>
    console[level === 'warn' ? 'error' : 'log'](line, detail === undefined ? '' : JSON.stringify(detail));

  /** The set in use now: read it at the moment of use, never keep it. */
  get set(): SchemaSet {
    return this.current;
  }

  get hash(): string {
    return schemaSetHash(this.current);
  }

  /** Records the set this process started with (a restart after an edit is a change too). */
  async recordStart(): Promise<void> {
    await recordBase(this.options.db, this.baseHash, this.docs);
    // A set staff put live on this same shipped folder is the one in force: every process serves it
    // from the database (the folder is the release's base).
    const latest = await latestSchemaSet(this.options.db);
    if (latest?.baseHash && latest.hash !== this.hash) {
      if (latest.baseHash === this.baseHash) {
        try {
          const set = createSchemaSet(latest.docs);
          await syncVocabularies(this.options.db, set);
          this.current = set;
          this.docs = latest.docs;
          return;
        } catch (error) {
          this.log('warn', `the staff set ${latest.hash} does not load; the shipped folder serves`, (error as Error).message);
        }
      } else if (await this.rebase(latest, latest.baseHash, 'start')) return;
    }
    await recordSchemaSet(this.options.db, { hash: this.hash, docs: this.docs, process: processName(), origin: 'start' });
  }

  /**
   * The staff set `latest` was made on another shipped folder than the one in use now (an upgrade,
   * or a folder edit under a staff set): its changes are re-applied on this folder. A clean merge
   * that passes the whole check goes live (origin `rebase`, still the staff author's); otherwise a
   * draft holds the merge and its conflicts for an editor, and the staff set keeps serving while it
   * passes the check on this release. False: the folder's own set is to serve (recorded by the caller).
   */
  private async rebase(latest: LatestSet, madeOn: string, origin: ReloadOrigin): Promise<boolean> {
    const oldBase = await baseDocs(this.options.db, madeOn);
    if (!oldBase) {
      this.log('warn', `the staff set ${latest.hash} was made on a shipped folder not on record; the shipped folder serves (the staff set can be restored from the history)`);
      return false;
    }
    const merged = rebaseDocs(oldBase, latest.docs, this.docs);
    const candidate = merged.conflicts.length ? undefined : checkCandidate(merged.docs, this.options.dir, this.current);
    if (candidate?.set) {
      if (origin === 'start') await recordSchemaSet(this.options.db, { hash: this.hash, docs: this.docs, process: processName(), origin: 'start' });
      await this.adopt(candidate.set, merged.docs, 'rebase', { origin: 'rebase', authorId: latest.authorId, note: null });
      this.log('info', `staff changes of ${latest.hash} re-applied on the shipped folder ${this.baseHash}: ${merged.carried} kept`);
      return true;
    }
    const kept = checkCandidate(latest.docs, this.options.dir, this.current);
    const draft = await rebaseDraft(this.options.db, {
      staffHash: latest.hash,
      newBase: this.baseHash,
      authorId: latest.authorId,
      fromHash: kept.set ? latest.hash : this.hash,
      docs: merged.docs,
      conflicts: merged.conflicts,
    });
    const why = merged.conflicts.length ? `${merged.conflicts.length} conflicting with the new shipped folder` : `refused by the check: ${candidate?.problems.length ?? 0} problems`;
    if (!kept.set) {
      this.log('warn', `staff changes of ${latest.hash} (${why}) wait in draft ${draft ?? '(none: no editor)'}; the staff set does not pass this release's check, the shipped folder serves`);
      return false;
    }
    await syncVocabularies(this.options.db, kept.set);
    this.current = kept.set;
    this.docs = latest.docs;
    this.log('warn', `staff changes of ${latest.hash} (${why}) wait for a decision in draft ${draft ?? '(none: no editor)'}; the staff set keeps serving`);
    return true;
  }

  /**
   * Puts documents staff edited (a published draft, an earlier set) live after the same complete
   * check a folder gets: recorded with author and note, announced to every process, which load it
   * from the database. One at a time with the reloads. `passed` runs once the set passed the
   * check, before anything changes, and may refuse by throwing.
   */
  putLive(docs: SchemaDoc[], by: StaffPut, passed?: (set: SchemaSet) => Promise<void>): Promise<ReloadOutcome> {
    const run = (this.reloading ?? Promise.resolve()).catch(() => undefined).then(() => this.putLiveNow(docs, by, passed));
    this.reloading = run;
    return run;
  }

  private async putLiveNow(docs: SchemaDoc[], by: StaffPut, passed?: (set: SchemaSet) => Promise<void>): Promise<ReloadOutcome> {
    const candidate = checkCandidate(docs, this.options.dir, this.current);
    if (!candidate.set) return { status: 'refused', hash: this.hash, problems: candidate.problems };
    // The caller's last word once the set passed (the editor's impact confirmation): it may throw.
    await passed?.(candidate.set);
    return this.adopt(candidate.set, docs, by.origin, by);
  }

  private async adopt(set: SchemaSet, docs: SchemaDoc[], origin: ReloadOrigin, by?: StaffPut): Promise<ReloadOutcome> {
    const hash = schemaSetHash(set);
    if (hash === this.hash) return { status: 'unchanged', hash };
    const changes = diffSchemaDocs(this.docs, docs);
    // New vocabulary values (a state, a project type) need their lookup rows before anyone uses them.
    await syncVocabularies(this.options.db, set);
    await recordSchemaSet(this.options.db, {
      hash,
      docs,
      process: processName(),
      origin,
      ...(by ? { authorId: by.authorId, note: by.note, baseHash: this.baseHash } : {}),
    });
    this.current = set;
    this.docs = docs;
    this.log('info', `schema set ${hash} live (${origin}): ${changes.length} changes`, changes.map((c) => c.en));
    if (origin !== 'notification') await this.options.notify?.(hash).catch(() => undefined);
    return { status: 'live', hash, changes };
  }

  /**
   * Loads the folder again and, when it passes every check and differs from the set in use, puts
   * it in place, records it and tells the other processes. Reloads run one at a time.
   */
  reload(origin: ReloadOrigin, checkedHash?: string): Promise<ReloadOutcome> {
    const run = (this.reloading ?? Promise.resolve()).catch(() => undefined).then(() => this.reloadNow(origin, checkedHash));
    this.reloading = run;
    return run;
  }

  /**
   * `checkedHash`: the hash another process announced after checking it — when the folder here
   * holds exactly that set, the checks (a second or two) are not run again.
   */
  private async reloadNow(origin: ReloadOrigin, checkedHash?: string): Promise<ReloadOutcome> {
    if (checkedHash === this.hash) return { status: 'unchanged', hash: this.hash };
    // Another process put a set live: the folder here when it holds that set, else the database's
    // copy (a set staff published, or a folder on another host), checked there already.
    const candidate = (checkedHash && (alreadyChecked(this.options.dir, checkedHash) ?? (await this.fromDatabase(checkedHash)))) || readCandidate(this.options.dir, this.current);
    if (!candidate.set) {
      this.log('warn', `schema set refused (${origin}); the running set keeps serving`, candidate.problems);
      return { status: 'refused', hash: this.hash, problems: candidate.problems };
    }
    if (!checkedHash) {
      const newBase = schemaSetHash(candidate.set);
      if (newBase !== this.baseHash) {
        await recordBase(this.options.db, newBase, candidate.docs);
        const latest = await latestSchemaSet(this.options.db);
        this.baseHash = newBase;
        // A staff set in force: the folder edit is a new base its changes are carried onto.
        if (latest?.baseHash && latest.baseHash !== newBase && latest.hash === this.hash) {
          const [serving, servingDocs] = [this.current, this.docs];
          [this.current, this.docs] = [candidate.set, candidate.docs];
          if (await this.rebase(latest, latest.baseHash, origin))
            return this.hash === schemaSetHash(serving) ? { status: 'unchanged', hash: this.hash } : { status: 'live', hash: this.hash, changes: diffSchemaDocs(servingDocs, this.docs) };
          [this.current, this.docs] = [serving, servingDocs];
        }
      }
    }
    return this.adopt(candidate.set, candidate.docs, origin);
  }

  /** The recorded set of `hash`, when there is one and it loads. */
  private async fromDatabase(hash: string): Promise<Candidate | undefined> {
    const docs = await schemaSetByHash(this.options.db, hash);
    if (!docs) return undefined;
    try {
      const set = createSchemaSet(docs);
      return schemaSetHash(set) === hash ? { docs, set, problems: [] } : undefined;
    } catch {
      return undefined;
    }
  }
}

/** How a process is named in the history: host and process id. */
export const processName = (): string => `${hostname()}:${process.pid}`;

