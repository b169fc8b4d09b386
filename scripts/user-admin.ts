/**
 * `npm run user-admin -- <command>`: creates, changes and lists local accounts in the database the
 * portal uses (DATABASE_URL, or the embedded one in DATA_DIR — stop the portal first then, as
 * the embedded database takes one process at a time).
 */
import { parseArgs } from 'node:util';
import { runLinesCommand } from './lib/command';
import type { Kysely } from 'kysely';
import type { Database } from '../src/server/db/tables';
import {
  UserAdminError,
  createLocalUser,
  listUsers,
  updateLocalUser,
  type LocalUserChanges,
  type NewLocalUser,
} from '../src/server/users/user-admin';

export const USAGE = `Usage:
  npm run user-admin -- create --username U --password P [--first-name F] [--last-name L] [--email E]
                                [--institution I] [--oib 12345678901] [--uniqueid ID] [--staff] [--superuser] [--foreign]
  npm run user-admin -- update --username U [--password P] [--staff true|false] [--superuser true|false]
                                [--active true|false] [--status true|false] [--foreign true|false]
                                [--first-name F] [--last-name L] [--email E] [--institution I] [--oib O] [--uniqueid ID]
  npm run user-admin -- list`;

/** A parsed command line. */
export type UserAdminCommand =
  | { name: 'create'; user: NewLocalUser }
  | { name: 'update'; username: string; changes: LocalUserChanges }
  | { name: 'list' }
  | { name: 'help' };

const TEXT_OPTIONS = {
  username: { type: 'string' },
  password: { type: 'string' },
  'first-name': { type: 'string' },
  'last-name': { type: 'string' },
  email: { type: 'string' },
  institution: { type: 'string' },
  oib: { type: 'string' },
  uniqueid: { type: 'string' },
} as const;
const FLAGS = ['staff', 'superuser', 'foreign'] as const;
const SWITCHES = ['staff', 'superuser', 'active', 'status', 'foreign'] as const;

function parseBoolean(option: string, value: string | undefined): boolean | undefined {
  if (value === undefined) return undefined;
  if (/^(true|yes|1)$/i.test(value)) return true;
  if (/^(false|no|0)$/i.test(value)) return false;
  throw new UserAdminError(`--${option} takes true or false, got "${value}"`);
}

function parseWith<O extends Record<string, { type: 'string' | 'boolean' }>>(args: string[], options: O) {
  try {
    return parseArgs({ args, options, strict: true, allowPositionals: false }).values;
  } catch (error) {
    // node:util's messages name the offending option; keep them, minus the stack.
    throw new UserAdminError(error instanceof Error ? error.message : String(error));
  }
}

/**
 * Parses the arguments after `npm run user-admin --`.
 *
 * @throws UserAdminError on an unknown command or option, or a switch that is not true/false
 */
export function parseUserAdminArgs(argv: string[]): UserAdminCommand {
  const [name, ...rest] = argv;
  if (!name) throw new UserAdminError('missing command; use create, update or list');
  if (name === 'help' || name === '--help' || name === '-h') return { name: 'help' };
  if (name === 'list') {
    parseWith(rest, {});
    return { name: 'list' };
  }
  if (name === 'create') {
    const flagOptions = Object.fromEntries(FLAGS.map((f) => [f, { type: 'boolean' }])) as Record<(typeof FLAGS)[number], { type: 'boolean' }>;
    const v = parseWith(rest, { ...TEXT_OPTIONS, ...flagOptions });
    return {
      name: 'create',
      user: {
        username: v.username ?? '',
        password: v.password ?? '',
        firstName: v['first-name'],
        lastName: v['last-name'],
        email: v.email,
        institution: v.institution,
        oib: v.oib,
        uniqueid: v.uniqueid,
        staff: v.staff,
        superuser: v.superuser,
        foreign: v.foreign,
      },
    };
  }
  if (name === 'update') {
    const switchOptions = Object.fromEntries(SWITCHES.map((s) => [s, { type: 'string' }])) as Record<(typeof SWITCHES)[number], { type: 'string' }>;
    const v = parseWith(rest, { ...TEXT_OPTIONS, ...switchOptions });
    return {
      name: 'update',
      username: v.username ?? '',
      changes: {
        password: v.password,
        firstName: v['first-name'],
        lastName: v['last-name'],
        email: v.email,
        institution: v.institution,
        oib: v.oib,
        uniqueid: v.uniqueid,
        staff: parseBoolean('staff', v.staff),
        superuser: parseBoolean('superuser', v.superuser),
        active: parseBoolean('active', v.active),
        status: parseBoolean('status', v.status),
        foreign: parseBoolean('foreign', v.foreign),
      },
    };
  }
  throw new UserAdminError(`unknown command "${name}"; use create, update or list`);
}

function roles(u: { is_staff: boolean; is_superuser: boolean }): string {
  return [u.is_superuser && 'superuser', u.is_staff && 'staff'].filter(Boolean).join(', ') || 'ordinary user';
}

/**
 * Runs a parsed command against the database.
 *
 * @returns the lines to print
 * @throws UserAdminError when the command is refused (see the service functions)
 */
export async function runUserAdmin(db: Kysely<Database>, command: UserAdminCommand): Promise<string[]> {
  switch (command.name) {
    case 'help':
      return [USAGE];
    case 'create': {
      const user = await createLocalUser(db, command.user);
      return [`created user "${user.username}" (id ${user.id}, ${roles(user)}, ${user.person_type})`];
    }
    case 'update': {
      const { user, changed } = await updateLocalUser(db, command.username, command.changes);
      return [`updated user "${user.username}" (id ${user.id}): ${changed.join(', ')}`];
    }
    case 'list': {
      const users = await listUsers(db);
      const lines = users.map((u) =>
        [
          String(u.id).padStart(5),
          u.username.padEnd(28),
          u.name.padEnd(26),
          u.email.padEnd(30),
          [u.superuser && 'superuser', u.staff && 'staff', !u.active && 'disabled', u.status && 'active-user', u.personType === 'foreign' && 'foreign', !u.hasPassword && 'no-password']
            .filter(Boolean)
            .join(','),
        ].join('  '),
      );
      return [...lines, `${users.length} user(s)`];
    }
  }
}

if (require.main === module) runLinesCommand({ name: 'user-admin', usage: USAGE, parse: parseUserAdminArgs, run: runUserAdmin }, [UserAdminError]);
