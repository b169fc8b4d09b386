import { Link } from 'react-router-dom';
import type { User } from '@generated';
import { CopyButton } from '@/client/engine/renderers';
import { userDetailPath } from '@/client/engine/staff-links';
import type { CellProps } from '../column-defs';

/** Name and e-mail, for the CSV export. */
export function userNameText({ row }: CellProps): string {
  const u = row as User;
  return `${u.first_name} ${u.last_name} ${u.person_mail ?? ''}`.trim();
}

/** The name (a link to the user page) and the e-mail with a copy button. */
export function UserNameCell({ row, params }: CellProps) {
  const u = row as User;
  return (
    <div className="grid-user-name">
      <Link to={userDetailPath(u.username, params.inactiveLinks === true)}>
        {u.first_name} {u.last_name}
      </Link>
      {u.person_mail && (
        <div className="grid-copy muted">
          {u.person_mail}
          <CopyButton value={u.person_mail} what="userEmail" />
        </div>
      )}
    </div>
  );
}
