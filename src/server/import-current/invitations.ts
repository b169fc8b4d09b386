/**
 * Invitations of the current portal (`backend_custominvitation`) → `invites`, with the same keys
 * and sending times: a link in someone's mailbox keeps working here until the same expiry.
 */
import type { Selectable } from 'kysely';
import type { Convert, ImportRun, EntityImport } from './engine';
import { orphanReason, refuse } from './engine';
import { Claims } from './checks';
import type { SourceInvitation } from './source-tables';
import { inviteKeysAndAddresses } from '../invites/queries';

type Row = Selectable<SourceInvitation>;

const INVITE_TYPES = new Set(['local', 'foreign']);

export function invitationsImport(run: ImportRun, rows: Row[]): EntityImport<Row, 'invites'> {
  return { name: 'invitations', target: 'invites', rows, prepare: () => invitationsCheck(run) };
}

/** Reads what the checks of new and changed rows need, and answers the check. */
async function invitationsCheck(run: ImportRun): Promise<Convert<Row, 'invites'>> {
  const here = await inviteKeysAndAddresses(run.target);
  const keys = new Claims(here.map((i) => [i.key, i.id] as [string, number]));
  const addressed = new Claims(here.map((i) => [`${i.project_id}/${i.email}`, i.id] as [string, number]));
  return (row, targetId) => {
    const project = run.ids.projects.get(row.project_id);
    if (project === undefined) return refuse('orphan', orphanReason(run, 'projects', row.project_id, 'project'));
    if (!row.key || row.key.length > 64) return refuse('invalid', 'its key is empty or longer than 64 characters');
    if (!row.email.trim()) return refuse('invalid', 'it has no e-mail address');
    const invtype = row.invtype || 'local';
    if (!INVITE_TYPES.has(invtype)) return refuse('invalid', `invitation type "${row.invtype}" is neither local nor foreign`);
    let inviter: number | null = null;
    if (row.inviter_id !== null) {
      inviter = run.ids.users.get(row.inviter_id) ?? null;
      if (inviter === null)
        run.report.warnings.push({ table: 'backend_custominvitation', id: row.id, reason: `${orphanReason(run, 'users', row.inviter_id, 'inviter')}: imported without an inviter` });
    }
    if (keys.claim(row.key, row.id, targetId)) return refuse('conflict', 'an invitation with this key already exists here');
    if (addressed.claim(`${project}/${row.email}`, row.id, targetId)) return refuse('conflict', `${row.email} is already invited to the project here`);
    return {
      values: {
        key: row.key,
        email: row.email,
        project_id: project,
        inviter_id: inviter,
        accepted: row.accepted,
        created: row.created,
        sent: row.sent,
        person_oib: row.person_oib,
        invtype,
      },
    };
  };
}
