/**
 * SSH keys of the current portal (`backend_sshpublickey`) → `ssh_keys`. Each key is parsed by the
 * same code as a key added through the API, so its fingerprint here is computed, not copied: the
 * one `ssh-keygen -l -E md5` prints (a stored one that differs is reported).
 */
import type { Selectable } from 'kysely';
import type { Convert, ImportRun, EntityImport } from './engine';
import { orphanReason, refuse } from './engine';
import { Claims, schemaProblems } from './checks';
import { KeyRejected, parsePublicKey } from '../keys/ssh-key-parse';
import { schemaIdOf } from '@/schema-runtime';
import type { SourceSshKey } from './source-tables';
import { keyNamesAndPrints } from '../keys/queries';

type Row = Selectable<SourceSshKey>;

export function keysImport(run: ImportRun, rows: Row[]): EntityImport<Row, 'ssh_keys'> {
  return { name: 'keys', target: 'ssh_keys', rows, prepare: () => keysCheck(run) };
}

/** Reads what the checks of new and changed rows need, and answers the check. */
async function keysCheck(run: ImportRun): Promise<Convert<Row, 'ssh_keys'>> {
  const here = await keyNamesAndPrints(run.target);
  const names = new Claims(here.map((k) => [`${k.user_id}/${k.name}`, k.id] as [string, number]));
  const prints = new Claims(here.map((k) => [`${k.user_id}/${k.fingerprint}`, k.id] as [string, number]));
  const body = schemaIdOf('api/ssh-key-new');
  return (row, targetId) => {
    const user = run.ids.users.get(row.user_id);
    if (user === undefined) return refuse('orphan', orphanReason(run, 'users', row.user_id, 'user'));
    const name = row.name.trim();
    const problems = schemaProblems(run.schemas, body, { name, public_key: row.public_key.trim() });
    if (problems) return refuse('invalid', problems);
    let parsed;
    try {
      parsed = parsePublicKey(row.public_key, run.schemas.constants.sshRsaMinBits);
    } catch (error) {
      if (error instanceof KeyRejected) return refuse('invalid', error.message);
      throw error;
    }
    if (names.claim(`${user}/${name}`, row.id, targetId)) return refuse('conflict', `the user already has a key named "${name}"`);
    if (prints.claim(`${user}/${parsed.fingerprint}`, row.id, targetId)) return refuse('conflict', `the user already has this key (${parsed.fingerprint})`);
    if (row.fingerprint && row.fingerprint.toLowerCase() !== parsed.fingerprint)
      run.report.warnings.push({ table: 'backend_sshpublickey', id: row.id, reason: `stored fingerprint ${row.fingerprint} is not the key's; imported with ${parsed.fingerprint}` });
    return {
      values: { user_id: user, name, fingerprint: parsed.fingerprint, public_key: parsed.publicKey, ...(row.date_created ? { date_created: row.date_created } : {}) },
    };
  };
}
