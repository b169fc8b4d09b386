import type { User } from '@generated';
import { CopyButton } from '@/client/engine/renderers';
import type { CellProps } from '../column-defs';

/** Cluster username and AAI label, for the CSV export. */
export function userLabelsText({ row, params }: CellProps): string {
  const u = row as User;
  return params.showUsername === true ? `${u.person_username ?? ''} ${u.username}`.trim() : u.username;
}

/** The cluster username (when `params.showUsername`) and the AAI user label, each with a copy button. */
export function UserLabelsCell({ row, params }: CellProps) {
  const u = row as User;
  return (
    <div className="grid-user-labels">
      {params.showUsername === true && u.person_username && (
        <div className="grid-copy">
          <strong>{u.person_username}</strong>
          <CopyButton value={u.person_username} what="username" />
        </div>
      )}
      <div className="grid-copy muted">
        {u.username}
        <CopyButton value={u.username} what="userLabel" />
      </div>
    </div>
  );
}
