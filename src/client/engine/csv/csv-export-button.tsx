import { useTranslation } from 'react-i18next';
import { Button } from 'semantic-ui-react';
import './csv-export.css';

/** One column of a list's export: its header (already translated) and its plain text per row. */
export interface CsvColumn<T> {
  header: string;
  text(row: T): string;
}

/** The CSV writer loads on the first export, in the chunk the staff grids' export uses too. */
async function exportRows<T>(fileName: string, columns: readonly CsvColumn<T>[], rows: readonly T[]): Promise<void> {
  const { csvText, downloadCsv } = await import(/* webpackChunkName: "csv-file" */ './csv-file');
  downloadCsv(
    fileName,
    csvText(
      columns.map((c) => c.header),
      rows.map((row) => columns.map((c) => c.text(row))),
    ),
  );
}

/**
 * The export button of a user's own list (my requests, memberships, public keys), like the staff
 * grids' one: the rows as shown, the columns' headers in the interface language, UTF-8 with BOM.
 */
export function CsvExportButton<T>({
  fileName,
  columns,
  rows,
}: {
  fileName: string;
  columns: readonly CsvColumn<T>[];
  rows: readonly T[];
}) {
  const { t } = useTranslation();
  return (
    <div className="list-export">
      <Button
        type="button"
        size="mini"
        basic
        icon="download"
        content={t('grid.exportCsv')}
        disabled={rows.length === 0}
        data-testid="csv-export"
        onClick={() => void exportRows(fileName, columns, rows)}
      />
    </div>
  );
}
