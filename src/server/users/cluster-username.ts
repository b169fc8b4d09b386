import type { Db } from '@/server/db/handle';
import { clusterUsernamesStartingWith, setClusterUsername, userNamesForUpdate } from './queries';

/** ASCII, lowercase, letters and digits only (đ → d, č → c …). */
function ascii(s: string): string {
  return s.replace(/đ/g, 'd').replace(/Đ/g, 'D').normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]/g, '');
}

/**
 * The cluster login name for a person: the first letter of the first name and up to seven letters
 * of the last name (at most 8 characters). When taken, the count of existing names sharing its
 * stem is appended (`jhorvat` → `jhorvat1`), and the count grows until the name is free — unlike
 * the centre's old rule, which could still collide.
 */
export function clusterUsername(first: string, last: string, taken: readonly string[]): string {
  const base = (ascii(first).slice(0, 1) + ascii(last).slice(0, 7)) || 'user';
  const used = new Set(taken);
  if (!used.has(base)) return base;
  const stem = base.length < 8 ? base : base.slice(0, -1);
  let n = taken.filter((t) => t.startsWith(stem)).length;
  while (used.has(`${base}${n}`)) n += 1;
  return `${base}${n}`;
}

/**
 * Gives a user a cluster login name if they have none; never changes one that is set. Runs inside
 * the caller's transaction; a concurrent holder of the same name is excluded by the unique index.
 *
 * @returns the user's cluster login name.
 */
export async function ensureClusterUsername(db: Db, userId: number): Promise<string> {
  const user = await userNamesForUpdate(db, userId);
  if (user.person_username) return user.person_username;
  const base = clusterUsername(user.first_name, user.last_name, []);
  const stem = base.length < 8 ? base : base.slice(0, -1);
  const taken = await clusterUsernamesStartingWith(db, stem);
  const name = clusterUsername(user.first_name, user.last_name, taken);
  await setClusterUsername(db, userId, name);
  return name;
}
