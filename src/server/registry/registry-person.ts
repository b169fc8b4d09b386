import type { RegistryInfo } from '@generated';
import type { AppContext } from '@/server/context';
import { setRegistryPerson, type UserRow } from '@/server/users/queries';

/** Copies the registry's name, email and MBZ onto the user when they changed. */
export async function rememberRegistryPerson(ctx: AppContext, user: UserRow, info: RegistryInfo): Promise<void> {
  const person = info.data?.person_info;
  if (!person) return;
  const update = {
    croris_first_name: person.first_name ?? user.croris_first_name,
    croris_last_name: person.last_name ?? user.croris_last_name,
    croris_mail: person.email ?? user.croris_mail,
    croris_mbz: person.mbz ?? null,
  };
  const same = (Object.keys(update) as (keyof typeof update)[]).every((k) => update[k] === user[k]);
  if (!same) await setRegistryPerson(ctx.db, user.id, update);
}
