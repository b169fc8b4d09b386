import type { ReactNode } from 'react';
import { Table } from 'semantic-ui-react';

/** Label/value rows; a missing value shows a dash. */
export function InfoTable({ rows, testId }: { rows: readonly [label: string, value: ReactNode][]; testId?: string }) {
  return (
    <Table definition compact unstackable data-testid={testId}>
      <Table.Body>
        {rows.map(([label, value]) => (
          <Table.Row key={label}>
            <Table.Cell width={5}>{label}</Table.Cell>
            <Table.Cell>{value === undefined || value === null || value === '' ? '—' : value}</Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table>
  );
}
