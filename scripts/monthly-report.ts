/**
 * `npm run monthly-report -- [--month yyyy-MM]`: active projects and their people per institution
 * in a month (default: last month), as CSV on stdout. Reads the database the portal uses
 * (DATABASE_URL, or the embedded one in DATA_DIR — stop the portal first then).
 */
import { parseArgs } from 'node:util';
import { format, subMonths } from 'date-fns';
import { readConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/database';
import { loadSchemaSet } from '../src/schema-runtime/node';
import { activeByInstitution, monthlyReportCsv } from '../src/server/accounting/monthly-report';

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { month: { type: 'string' } } });
  const month = values.month ?? format(subMonths(new Date(), 1), 'yyyy-MM');
  if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(month)) throw new Error(`--month must be yyyy-MM, got "${month}"`);
  const config = readConfig();
  const handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    process.stdout.write(monthlyReportCsv(month, await activeByInstitution(handle.db, loadSchemaSet(), month)));
  } finally {
    await handle.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
