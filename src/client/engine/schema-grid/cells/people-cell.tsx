import type { UserProject } from '@generated';
import { PersonPopover } from '@/client/engine/people/person-popover';
import type { CellProps } from '../column-defs';
import { valuesAt } from '../row-values';

/** Members of the row with one of `params.roles`, ordered by that list (lead first). */
export function membersOf(row: unknown, roles: readonly string[]): UserProject[] {
  const members = valuesAt(row, 'userproject_set') as UserProject[];
  return [...members]
    .filter((m) => roles.includes(m.role.name))
    .sort((a, b) => roles.indexOf(a.role.name) - roles.indexOf(b.role.name));
}

function rolesOf(params: Record<string, unknown>): string[] {
  return Array.isArray(params.roles) ? params.roles.map(String) : [];
}

/** Names of the members, for the CSV export. */
export function peopleText({ row, params }: CellProps): string {
  return membersOf(row, rolesOf(params))
    .map((m) => `${m.user.first_name} ${m.user.last_name}`)
    .join(', ');
}

/** The members in `params.roles` order, each opening a popover; the first role is shown dark. */
export function PeopleCell({ row, params }: CellProps) {
  const roles = rolesOf(params);
  return (
    <div className="grid-people">
      {membersOf(row, roles).map((m) => (
        <PersonPopover key={m.user.username} person={m.user} lead={m.role.name === roles[0] && roles.length > 1} />
      ))}
    </div>
  );
}
