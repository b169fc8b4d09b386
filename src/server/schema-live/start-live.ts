/**
 * Starts serving a live schema set in a process: `ctx.schemas` reads the set in place, the folder
 * is watched (edits settle for a moment before the reload), and the other processes' "went live"
 * notifications make this one load the folder too.
 */
import { watch, type FSWatcher } from 'node:fs';
import { sql } from 'kysely';
import type { AppContext } from '@/server/context';
import type { DatabaseHandle } from '@/server/db/database';
import type { SchemaDoc, SchemaProblem, SchemaSet } from '@/schema-runtime';
import { LiveSchemas, RELOAD_REQUEST, SCHEMAS_CHANNEL } from './live-schemas';

/** How long the folder must be quiet after a change before it is read (an editor writes in steps). */
const SETTLE_MS = 250;

/** A report of refused schemas, one problem per line. */
export const problemLines = (problems: readonly SchemaProblem[]): string[] =>
  problems.map((p) => `${p.file}${p.pointer ? ` ${p.pointer}` : ''}: ${p.reason}`);

export async function startLiveSchemas(
  ctx: AppContext,
  handle: Pick<DatabaseHandle, 'db' | 'listen'>,
  start: { dir: string; set: SchemaSet; docs: SchemaDoc[]; watch: boolean },
): Promise<{ live: LiveSchemas; stop(): Promise<void> }> {
  const live = new LiveSchemas(start.set, start.docs, {
    dir: start.dir,
    db: handle.db,
    notify: async (hash) => {
      await sql`SELECT pg_notify(${SCHEMAS_CHANNEL}, ${hash})`.execute(handle.db);
    },
  });
  Object.defineProperty(ctx, 'schemas', { get: () => live.set, enumerable: true, configurable: true });
  ctx.live = live;
  await live.recordStart();
  const unlisten = await handle.listen(
    SCHEMAS_CHANNEL,
    (payload) => {
      // `npm run schemas -- reload` asks every process; a hash tells of a set another one put live.
      if (payload === RELOAD_REQUEST) void live.reload('command');
      else if (payload !== live.hash) void live.reload('notification', payload);
    },
    (error) => live.log('warn', `schema notifications lost; this process reloads only on its own folder watch: ${error.message}`),
  );
  let watcher: FSWatcher | undefined;
  let timer: NodeJS.Timeout | undefined;
  if (start.watch) {
    watcher = watch(start.dir, { recursive: true }, () => {
      clearTimeout(timer);
      timer = setTimeout(() => void live.reload('watch'), SETTLE_MS);
    });
    watcher.on('error', (error) => live.log('warn', `schema folder watch stopped: ${error.message}`));
  }
  return {
    live,
    stop: async () => {
      clearTimeout(timer);
      watcher?.close();
      await unlisten();
    },
  };
}
