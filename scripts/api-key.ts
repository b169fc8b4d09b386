/**
 * `npm run api-key -- create <name> [--scope accounting:write] [--scope read] | list | revoke <prefix>`:
 * manages the API keys of external callers in the database the portal uses (DATABASE_URL, or the
 * embedded one in DATA_DIR — stop the portal first then). The key is printed once, at creation.
 */
import { parseArgs } from 'node:util';
import type { Kysely } from 'kysely';
import { runLinesCommand } from './lib/command';
import type { Database } from '../src/server/db/tables';
import { API_SCOPES, createApiKey, isApiScope, listApiKeys, revokeApiKey, type ApiScope } from '../src/server/api-keys/api-keys';

export const USAGE = `Usage:
  npm run api-key -- create <name> [--scope ${API_SCOPES.join('] [--scope ')}]   (default: every scope)
  npm run api-key -- list
  npm run api-key -- revoke <prefix>`;

export class ApiKeyCommandError extends Error {}

export type ApiKeyCommand =
  | { name: 'create'; keyName: string; scopes: ApiScope[] }
  | { name: 'list' }
  | { name: 'revoke'; prefix: string }
  | { name: 'help' };

/** @throws ApiKeyCommandError on an unknown command, option or scope */
export function parseApiKeyArgs(argv: string[]): ApiKeyCommand {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options: { scope: { type: 'string', multiple: true } }, strict: true, allowPositionals: true });
  } catch (error) {
    throw new ApiKeyCommandError((error as Error).message);
  }
  const [name, arg, ...extra] = parsed.positionals;
  if (!name || name === 'help') return { name: 'help' };
  if (extra.length) throw new ApiKeyCommandError(`unexpected "${extra.join(' ')}"`);
  if (name === 'list') return { name: 'list' };
  if (name === 'revoke') {
    if (!arg) throw new ApiKeyCommandError('revoke needs the prefix of the key (see list)');
    return { name: 'revoke', prefix: arg };
  }
  if (name === 'create') {
    if (!arg?.trim()) throw new ApiKeyCommandError('create needs a name, e.g. create supek-exporter');
    const scopes = parsed.values.scope ?? [...API_SCOPES];
    const unknown = scopes.filter((s) => !isApiScope(s));
    if (unknown.length) throw new ApiKeyCommandError(`unknown scope ${unknown.join(', ')}; known: ${API_SCOPES.join(', ')}`);
    return { name: 'create', keyName: arg, scopes: scopes as ApiScope[] };
  }
  throw new ApiKeyCommandError(`unknown command "${name}"; use create, list or revoke`);
}

/** Runs a command; returns the lines to print. */
export async function runApiKey(db: Kysely<Database>, command: ApiKeyCommand): Promise<string[]> {
  switch (command.name) {
    case 'help':
      return [USAGE];
    case 'create': {
      const { key, info } = await createApiKey(db, command.keyName, command.scopes);
      return [
        `created key "${info.name}" (prefix ${info.prefix}, scopes ${info.scopes.join(', ')})`,
        `key (shown only now, store it safely): ${key}`,
        `send it as: Authorization: Api-Key ${key}`,
      ];
    }
    case 'list': {
      const keys = await listApiKeys(db);
      const date = (d: Date | null) => (d ? d.toISOString().slice(0, 16).replace('T', ' ') : '-');
      const now = Date.now();
      const state = (k: (typeof keys)[number]) =>
        k.revoked_at ? `REVOKED ${date(k.revoked_at)}` : k.expires_at && k.expires_at.getTime() <= now ? `EXPIRED ${date(k.expires_at)}` : k.expires_at ? `live until ${date(k.expires_at)}` : 'live';
      const origin = (k: (typeof keys)[number]) => (k.origin === 'current-portal' ? `from the current portal (imported ${date(k.imported_at)})` : 'made here');
      return [
        ...keys.map((k) =>
          [k.prefix, k.name.padEnd(24), k.scopes.join(',').padEnd(22), `created ${date(k.created_at)}`, `used ${date(k.last_used_at)}`, state(k), origin(k)].join('  '),
        ),
        `${keys.length} key(s)`,
      ];
    }
    case 'revoke':
      if (!(await revokeApiKey(db, command.prefix))) throw new ApiKeyCommandError(`no live key with prefix ${command.prefix}`);
      return [`revoked key ${command.prefix}`];
  }
}

if (require.main === module) runLinesCommand({ name: 'api-key', usage: USAGE, parse: parseApiKeyArgs, run: runApiKey }, [ApiKeyCommandError]);
