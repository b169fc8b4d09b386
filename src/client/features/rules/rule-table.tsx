import type { ReactNode } from 'react';
import { Table } from 'semantic-ui-react';

/** One column of a rules table: its header and how a row fills it. */
export interface RuleColumn<Row> {
  key: string;
  header: string;
  cell: (row: Row) => ReactNode;
  /** Numbers are right-aligned on a wide screen. */
  numeric?: boolean;
}

/**
 * A readable table of rules. On a wide screen an ordinary table (`narrow`: only as wide as its
 * content needs); on a phone a table of more than two columns turns each row into a card, its
 * first cell the title and the others labelled with their header (the header row stays for screen
 * readers), so nothing scrolls sideways.
 */
export function RuleTable<Row>({
  label,
  columns,
  rows,
  rowKey,
  narrow,
}: {
  label: string;
  columns: readonly RuleColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  narrow?: boolean;
}) {
  const className = ['rules-table', columns.length > 2 && 'rules-table-cards', narrow && 'rules-table-narrow'].filter(Boolean).join(' ');
  return (
    <Table compact celled unstackable className={className} aria-label={label}>
      <Table.Header>
        <Table.Row>
          {columns.map((column) => (
            <Table.HeaderCell key={column.key} scope="col" textAlign={column.numeric ? 'right' : undefined}>
              {column.header}
            </Table.HeaderCell>
          ))}
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {rows.map((row) => (
          <Table.Row key={rowKey(row)} data-row={rowKey(row)}>
            {columns.map((column) => (
              <Table.Cell key={column.key} textAlign={column.numeric ? 'right' : undefined} data-column={column.key}>
                <span className="rules-cell-label" aria-hidden="true">
                  {column.header}
                </span>
                <span className="rules-cell-value">{column.cell(row)}</span>
              </Table.Cell>
            ))}
          </Table.Row>
        ))}
      </Table.Body>
    </Table>
  );
}
