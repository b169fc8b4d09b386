/**
 * Stored answers of the big staff lists (docs/decisions/0042-list-answer-cache.md). An answer is
 * kept in the database as gzip-compressed JSON together with the versions of the tables it was
 * built from; it is served while those versions are unchanged and rebuilt otherwise. Everything
 * lives in the database, so any number of app processes share one entry per list, and the cache
 * is only a speed-up: the JSON sent is the same, byte for byte, as the builder's own.
 */
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { gunzip as gunzipCallback, gzip as gzipCallback } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { AppContext } from '../context';

const gzip = promisify(gzipCallback);
const gunzip = promisify(gunzipCallback);

/** One cached list: its name, the tables its answer reads, and how to build that answer. */
export interface ListSpec {
  /** Key of the entry; one entry per name, so the answer must not depend on who asks. */
  name: string;
  /** Every table the answer reads (each needs the triggers of migration 0003). */
  dependsOn: readonly string[];
  /** Builds the answer as JSON text (the lists come as text from PostgreSQL already). */
  build: () => Promise<string>;
  /**
   * After a change, answer at once with the previous stored answer while a rebuild runs in the
   * background — except to a caller whose own change is newer than that answer (see
   * {@link cachedList}'s `freshAfter`), who waits for the rebuild. Off: every caller waits.
   */
  staleWhileRevalidate?: boolean;
}

/** A list answer as {@link cachedList} found or built it. */
export interface CachedList {
  /** Weak ETag of the JSON (weak: the same entity is sent gzip-encoded or not). */
  etag: string;
  /** The JSON, gzip-compressed; null when the caller's `If-None-Match` already names `etag`. */
  body: Buffer | null;
  /** Whether it was built by this call rather than read from the database. */
  built: boolean;
  /** Whether it is the previous answer, sent while a rebuild runs in the background. */
  stale?: boolean;
}

/*
 * Code and schemas decide the shape of an answer as much as the rows do: a stored body built by an
 * older release must not be served by a newer one. The key therefore starts with a hash of the
 * server's sources and the schemas, the same in every process running the same release.
 */
const ROOT = resolve(__dirname, '../../..');
const RELEASE_DIRS = ['src/server', 'src/schema-runtime', 'schemas', 'generated'];
let release: Promise<string> | undefined;

async function hashRelease(): Promise<string> {
  const hash = createHash('sha256');
  for (const dir of RELEASE_DIRS) {
    const entries = await readdir(join(ROOT, dir), { recursive: true, withFileTypes: true }).catch(() => []);
    const files = entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name)).sort();
    for (const file of files) hash.update(file.slice(ROOT.length)).update('\0').update(await readFile(file)).update('\0');
  }
  return hash.digest('base64url').slice(0, 16);
}

/** Hash of this release's server code and schemas (computed once per process). */
export function releaseFingerprint(): Promise<string> {
  release ??= hashRelease();
  return release;
}

interface Lookup {
  versions: string | null;
  known: boolean;
  read_at: Date;
  /** The stored entry (whatever versions it was built from) and whether those are current. */
  etag: string | null;
  current: boolean | null;
  body: Buffer | null;
}

/**
 * A stored answer built from a snapshot taken this long after a change (by the clocks of the two
 * processes) surely holds it: the margin covers clocks of app hosts that differ by less.
 */
export const CLOCK_MARGIN_MS = 1_000;

/*
 * Builds already running in this process, by name and versions: concurrent misses wait for one
 * build instead of each rendering megabytes. Not shared state: another process just builds its own.
 */
const running = new Map<string, Promise<{ etag: string; gz: Buffer }>>();

/*
 * The last body this process read or built, per list. Only a copy: every call still asks the
 * database which entry is current and uses the copy when that entry's ETag is the copy's, so the
 * database is not asked to send the same megabyte again. Keyed by database too (tests run several).
 */
const copies = new WeakMap<object, Map<string, { etag: string; gz: Buffer }>>();

function copiesOf(ctx: AppContext): Map<string, { etag: string; gz: Buffer }> {
  let map = copies.get(ctx.db);
  if (!map) copies.set(ctx.db, (map = new Map()));
  return map;
}

/** The weak ETag of a JSON text. */
function etagOf(json: string): string {
  return `W/"${createHash('sha256').update(json).digest('base64url').slice(0, 27)}"`;
}

/** The entity tags of an If-None-Match header, all made weak (it compares weakly). */
export function parseIfNoneMatch(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean)
    .map((t) => (t === '*' || t.startsWith('W/') ? t : `W/${t}`));
}

/**
 * Finds the stored answer of a list, or builds and stores it when a table it depends on changed.
 * The versions are read before building: rows committed during a build can only make the stored
 * versions older than the body (one extra rebuild later), never newer. Two processes rebuilding at
 * once both store a correct body; the one built from the later versions is kept.
 *
 * @param ifNoneMatch - entity tags the caller holds (see {@link parseIfNoneMatch}); when one
 *   matches, `body` is null and nothing is read or compressed
 */
export async function cachedList(
  ctx: AppContext,
  spec: ListSpec,
  ifNoneMatch: readonly string[] = [],
  /** The time of the caller's own latest change: an older stored answer is never sent to them. */
  freshAfter: Date | null = null,
): Promise<CachedList> {
  const fingerprint = await releaseFingerprint();
  const copy = copiesOf(ctx).get(spec.name);
  const swr = spec.staleWhileRevalidate === true;
  // Stored answers read before this instant may miss the caller's own change.
  const notBefore = freshAfter ? new Date(freshAfter.getTime() + CLOCK_MARGIN_MS) : null;
  // One statement, so the versions and the entry come from one snapshot.
  const { rows } = await sql<Lookup>`
    WITH current AS (
      SELECT ${fingerprint} || '|' || string_agg(d.name || '=' || (v.version + (
               SELECT count(*) FROM table_changes c WHERE c.name = d.name)), ',' ORDER BY d.name) AS versions,
             count(v.name) = count(*) AS known,
             statement_timestamp() AS read_at
        FROM unnest(${[...spec.dependsOn]}::text[]) AS d(name)
        LEFT JOIN table_versions v ON v.name = d.name
    ),
    usable AS (
      SELECT lc.etag, lc.body, lc.versions = current.versions AS current
        FROM current
        JOIN list_cache lc ON lc.name = ${spec.name}
       -- Current versions hold every committed change. An older entry of this release only for a
       -- list that may answer stale, and never to a caller whose change it may not hold.
       WHERE lc.versions = current.versions
          OR (${swr} AND left(lc.versions, ${fingerprint.length + 1}) = ${`${fingerprint}|`}
              AND (${notBefore}::timestamptz IS NULL OR lc.created_at >= ${notBefore}::timestamptz))
    )
    SELECT current.versions, current.known, current.read_at, usable.etag, usable.current,
           CASE WHEN usable.etag = ANY(${[...ifNoneMatch]}::text[]) OR '*' = ANY(${[...ifNoneMatch]}::text[])
                  OR usable.etag = ${copy?.etag ?? null}
                THEN NULL ELSE usable.body END AS body
      FROM current
      LEFT JOIN usable ON true`.execute(ctx.db);
  const found = rows[0];
  if (!found?.known || found.versions === null) throw new Error(`list ${spec.name}: a table of ${spec.dependsOn.join(', ')} has no change triggers`);
  const key = `${spec.name}\n${found.versions}`;
  const startBuild = (versions: string, readAt: Date, later = false) => {
    let build = running.get(key);
    if (!build) {
      // In the background: after this answer has gone out (the embedded database builds on this thread).
      const start = later ? new Promise<void>((resolve) => setImmediate(resolve)) : Promise.resolve();
      build = start.then(() => rebuild(ctx, spec, versions, readAt)).finally(() => running.delete(key));
      running.set(key, build);
    }
    return build;
  };
  if (found.etag !== null) {
    const held = ifNoneMatch.includes(found.etag) || ifNoneMatch.includes('*');
    const gz = found.body ?? (copy?.etag === found.etag ? copy.gz : null);
    if (found.body !== null) copiesOf(ctx).set(spec.name, { etag: found.etag, gz: found.body });
    if (held || gz !== null) {
      // Stale: the previous answer now, the current one built in the background for the next reader.
      // A failed background build is retried by the next reader.
      if (found.current === false) startBuild(found.versions, found.read_at, true).catch(() => undefined);
      return { etag: found.etag, body: held ? null : gz, built: false, stale: found.current === false };
    }
  }

  const { etag, gz } = await startBuild(found.versions, found.read_at);
  copiesOf(ctx).set(spec.name, { etag, gz });
  const held = ifNoneMatch.includes(etag) || ifNoneMatch.includes('*');
  return { etag, body: held ? null : gz, built: true };
}

async function rebuild(ctx: AppContext, spec: ListSpec, versions: string, readAt: Date): Promise<{ etag: string; gz: Buffer }> {
  const json = await spec.build();
  const etag = etagOf(json);
  const gz = await gzip(json);
  await sql`
    INSERT INTO list_cache (name, versions, body, etag, created_at)
    VALUES (${spec.name}, ${versions}, ${gz}, ${etag}, ${readAt})
    ON CONFLICT (name) DO UPDATE
      SET versions = excluded.versions, body = excluded.body, etag = excluded.etag, created_at = excluded.created_at
      WHERE list_cache.created_at IS NULL OR list_cache.created_at <= excluded.created_at`.execute(ctx.db);
  // Fold the change log of these tables into their base versions; the sums stay the same.
  await sql`
    WITH folded AS (DELETE FROM table_changes WHERE name = ANY(${[...spec.dependsOn]}::text[]) RETURNING name)
    UPDATE table_versions v SET version = v.version + f.n
      FROM (SELECT name, count(*) AS n FROM folded GROUP BY name) f
     WHERE v.name = f.name`.execute(ctx.db);
  return { etag, gz };
}

/** Whether the request's Accept-Encoding allows gzip (a `q=0` refuses it). */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  return header.split(',').some((part) => {
    const [coding, ...params] = part.trim().toLowerCase().split(';');
    if (coding.trim() !== 'gzip' && coding.trim() !== '*') return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

/*
 * The decompressed JSON of a stored body, for clients without gzip, kept as long as this process
 * holds that body (keyed by the very buffer of the copy above): inflating megabytes on every call
 * would cost more than the lookup itself.
 */
const inflated = new WeakMap<Buffer, Buffer>();

async function inflate(gz: Buffer): Promise<Buffer> {
  let json = inflated.get(gz);
  if (!json) inflated.set(gz, (json = await gunzip(gz)));
  return json;
}

/**
 * Answers a request with a cached list: 304 when the caller's If-None-Match holds the current
 * ETag, else the JSON — gzip-encoded when the caller accepts gzip, decompressed otherwise.
 */
export async function sendCachedList(ctx: AppContext, request: FastifyRequest, reply: FastifyReply, spec: ListSpec): Promise<FastifyReply> {
  const list = await cachedList(ctx, spec, parseIfNoneMatch(request.headers['if-none-match']), lastChangeOf(ctx, request));
  reply.header('vary', 'accept-encoding').header('etag', list.etag);
  if (list.body === null) return reply.code(304).send();
  reply.type('application/json; charset=utf-8');
  if (acceptsGzip(request.headers['accept-encoding'])) return reply.header('content-encoding', 'gzip').send(list.body);
  return reply.send(await inflate(list.body));
}

/** The cookie that tells when the caller last changed something (milliseconds since 1970). */
export function lastChangeCookie(ctx: AppContext): string {
  return `${ctx.schemas.service.serviceKey}_changed`;
}

/** When the caller last changed something, by their cookie; null when never (or unreadable). */
export function lastChangeOf(ctx: AppContext, request: FastifyRequest): Date | null {
  const value = request.cookies?.[lastChangeCookie(ctx)];
  const ms = value && /^\d{1,15}$/.test(value) ? Number(value) : NaN;
  return Number.isFinite(ms) ? new Date(ms) : null;
}

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Marks every signed-in caller's successful change with the time it was answered (after its
 * commit), in a cookie the stored lists read: they never send that caller an answer read before it.
 */
export function registerChangeMarker(app: FastifyInstance, ctx: AppContext, sessionDays: number): void {
  const name = lastChangeCookie(ctx);
  app.addHook('onSend', async (request, reply, payload) => {
    if (MUTATING.has(request.method) && request.auth && reply.statusCode < 400)
      // A header of its own: the cookie plugin has already written the cookies set with setCookie.
      reply.header('set-cookie', app.serializeCookie(name, String(Date.now()), {
        path: '/', httpOnly: true, sameSite: 'lax', secure: ctx.config.production, maxAge: sessionDays * 86_400,
      }));
    return payload;
  });
}
