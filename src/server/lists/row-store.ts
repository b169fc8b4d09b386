/**
 * A whole-list answer held as its rows, in the list's order, in chunks of a few hundred rows. A
 * change replaces, inserts or removes single rows; only the chunks they are in are joined, hashed
 * and compressed again (gzip-pieces.ts), so the answer after a change costs about as much as the
 * rows that changed, not the list. The text is byte for byte what the list's one-statement build
 * writes: `[` + the rows' JSON joined by the list's separator + `]`.
 */
import { createHash } from 'node:crypto';
import { gzipOf, gzipPiece, type GzipPiece } from './gzip-pieces';

/** One row of a list as its row query gives it. */
export interface ListRow {
  /** Identifies the row within the list (a user, project, membership or key id). */
  key: string;
  /** The row's place: compared element by element, ascending (the query negates descending terms). */
  sort: number[];
  /** What a change must name for this row to be re-read (`u:12`, `k:12`, `p:7`; see migration 0017). */
  deps: string[];
  /** The row's JSON text, as the whole list writes it. */
  json: string;
}

/** The answer as sent: gzip body and its weak ETag. */
export interface StoredAnswer {
  etag: string;
  gz: Buffer;
}

interface Chunk {
  rows: ListRow[];
  /** Null when a row of it changed since it was last compressed. */
  piece: GzipPiece | null;
  text: Buffer | null;
  digest: Buffer | null;
}

/** Rows per chunk: a chunk is split when it holds twice as many. */
const CHUNK_ROWS = 256;

function compareSort(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i += 1) if (a[i] !== b[i]) return a[i] < b[i] ? -1 : 1;
  return a.length - b.length;
}

function sameRow(a: ListRow, b: ListRow): boolean {
  return a.json === b.json && compareSort(a.sort, b.sort) === 0 && a.deps.join() === b.deps.join();
}

const newChunk = (rows: ListRow[]): Chunk => ({ rows, piece: null, text: null, digest: null });

export class RowStore {
  private chunks: Chunk[] = [];
  private readonly byKey = new Map<string, { row: ListRow; chunk: Chunk }>();
  private readonly byDep = new Map<string, Set<string>>();
  private answer: StoredAnswer | null = null;
  private readonly open: GzipPiece;
  private readonly between: GzipPiece;
  private readonly close: GzipPiece;

  /** @param rows - the whole list, already in its order; `separator` joins two rows' JSON. */
  constructor(rows: readonly ListRow[], private readonly separator: string) {
    this.open = gzipPiece(Buffer.from('['));
    this.between = gzipPiece(Buffer.from(separator));
    this.close = gzipPiece(Buffer.from(']'));
    for (let i = 0; i < rows.length; i += CHUNK_ROWS) {
      const chunk = newChunk(rows.slice(i, i + CHUNK_ROWS));
      this.chunks.push(chunk);
      for (const row of chunk.rows) this.index(row, chunk);
    }
  }

  /** How many rows the list holds. */
  get size(): number {
    return this.byKey.size;
  }

  /** The keys of the rows that depend on any of `refs`. */
  keysTouching(refs: Iterable<string>): Set<string> {
    const keys = new Set<string>();
    for (const ref of refs) for (const key of this.byDep.get(ref) ?? []) keys.add(key);
    return keys;
  }

  /**
   * Makes the rows of `keys` those of `rows`: a key with no row here leaves the list, a row replaces
   * its key's (moving when its place changed) or joins the list. Returns how many rows changed.
   */
  apply(keys: Iterable<string>, rows: readonly ListRow[]): number {
    const fresh = new Map(rows.map((r) => [r.key, r]));
    let changed = 0;
    for (const key of keys) if (!fresh.has(key) && this.remove(key)) changed += 1;
    for (const row of fresh.values()) {
      const held = this.byKey.get(row.key);
      if (held && sameRow(held.row, row)) continue;
      changed += 1;
      if (held && compareSort(held.row.sort, row.sort) === 0) {
        this.unindex(held.row);
        held.chunk.rows[held.chunk.rows.indexOf(held.row)] = row;
        this.dirty(held.chunk);
        this.index(row, held.chunk);
      } else {
        if (held) this.remove(row.key);
        this.insert(row);
      }
    }
    if (changed) this.answer = null;
    return changed;
  }

  /** The keys whose rows differ from `rows` (the whole list as a full build gives it), but for those in `skip`. */
  differences(rows: readonly ListRow[], skip: ReadonlySet<string>): Set<string> {
    const wrong = new Set<string>();
    const keys = new Set<string>();
    for (const row of rows) {
      keys.add(row.key);
      const held = this.byKey.get(row.key)?.row;
      if (skip.has(row.key)) continue;
      if (!held || !sameRow(held, row)) wrong.add(row.key);
    }
    for (const key of this.byKey.keys()) if (!keys.has(key) && !skip.has(key)) wrong.add(key);
    return wrong;
  }

  /** The answer's JSON text. */
  text(): Buffer {
    const parts: Buffer[] = [Buffer.from('[')];
    this.chunks.forEach((chunk, i) => parts.push(...(i ? [Buffer.from(this.separator)] : []), this.textOf(chunk)));
    parts.push(Buffer.from(']'));
    return Buffer.concat(parts);
  }

  /** The answer gzip-compressed, with its ETag (a hash of the chunks' hashes). */
  stored(): StoredAnswer {
    if (this.answer) return this.answer;
    const pieces: GzipPiece[] = [this.open];
    const hash = createHash('sha256');
    this.chunks.forEach((chunk, i) => {
      if (i) pieces.push(this.between);
      chunk.piece ??= gzipPiece(this.textOf(chunk));
      chunk.digest ??= createHash('sha256').update(this.textOf(chunk)).digest();
      pieces.push(chunk.piece);
      hash.update(chunk.digest);
    });
    pieces.push(this.close);
    this.answer = { etag: `W/"${hash.digest('base64url').slice(0, 27)}"`, gz: gzipOf(pieces) };
    return this.answer;
  }

  private textOf(chunk: Chunk): Buffer {
    chunk.text ??= Buffer.from(chunk.rows.map((r) => r.json).join(this.separator));
    return chunk.text;
  }

  private dirty(chunk: Chunk): void {
    chunk.piece = chunk.text = chunk.digest = null;
  }

  private index(row: ListRow, chunk: Chunk): void {
    this.byKey.set(row.key, { row, chunk });
    for (const dep of row.deps) {
      let keys = this.byDep.get(dep);
      if (!keys) this.byDep.set(dep, (keys = new Set()));
      keys.add(row.key);
    }
  }

  private unindex(row: ListRow): void {
    this.byKey.delete(row.key);
    for (const dep of row.deps) {
      const keys = this.byDep.get(dep);
      keys?.delete(row.key);
      if (keys?.size === 0) this.byDep.delete(dep);
    }
  }

  private remove(key: string): boolean {
    const held = this.byKey.get(key);
    if (!held) return false;
    this.unindex(held.row);
    held.chunk.rows.splice(held.chunk.rows.indexOf(held.row), 1);
    if (held.chunk.rows.length === 0) this.chunks.splice(this.chunks.indexOf(held.chunk), 1);
    else this.dirty(held.chunk);
    return true;
  }

  private insert(row: ListRow): void {
    // The first chunk whose last row sorts after the new one (or the last chunk).
    let lo = 0;
    let hi = this.chunks.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      const last = this.chunks[mid].rows[this.chunks[mid].rows.length - 1];
      if (compareSort(last.sort, row.sort) < 0) lo = mid + 1;
      else hi = mid;
    }
    if (this.chunks.length === 0) this.chunks.push(newChunk([]));
    const chunk = this.chunks[Math.max(0, lo)];
    let at = 0;
    while (at < chunk.rows.length && compareSort(chunk.rows[at].sort, row.sort) < 0) at += 1;
    chunk.rows.splice(at, 0, row);
    this.dirty(chunk);
    this.index(row, chunk);
    if (chunk.rows.length >= 2 * CHUNK_ROWS) {
      const tail = newChunk(chunk.rows.splice(CHUNK_ROWS));
      this.dirty(chunk);
      this.chunks.splice(this.chunks.indexOf(chunk) + 1, 0, tail);
      for (const moved of tail.rows) this.byKey.set(moved.key, { row: moved, chunk: tail });
    }
  }
}
