import { format } from 'date-fns';
import type { Db } from '@/server/db/handle';
import { countProjectCode } from './queries-codes';

/** Identifiers number requests per month with at least this many digits (`NR-2026-03-007`). */
const NUMBER_DIGITS = 3;

/**
 * The next project identifier `<PREFIX>-<YYYY>-<MM>-<NNN>` for a request submitted at `now`.
 *
 * The counter row is incremented with one UPDATE inside the submitting transaction: the row lock
 * it takes is held until that transaction ends, so concurrent submissions (from any number of app
 * processes) queue on it and never see the same number, and a submission that rolls back gives
 * its number back. A new month restarts the count at 1 by itself, so no reset job is needed.
 * Past 999 the number simply grows (`-1000`).
 *
 * @param trx the transaction that inserts the project
 * @param prefix the request type's `identifierPrefix` from requests/index.json
 * @param now the submission moment; its local month names the identifier
 */
export async function nextIdentifier(trx: Db, prefix: string, now: Date): Promise<string> {
  const month = format(now, 'yyyy-MM');
  const counter = await countProjectCode(trx, month);
  return `${prefix}-${month}-${String(counter).padStart(NUMBER_DIGITS, '0')}`;
}
