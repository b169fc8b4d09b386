import { Placeholder, Table } from 'semantic-ui-react';
import { padRows } from '@/client/engine/format';

/** The loading state of the keys table: placeholder lines in the padded rows. */
export function KeyTableSkeleton() {
  return (
    <Table.Body data-testid="keys-loading">
      {padRows([]).map((_, index) => (
        <Table.Row key={index}>
          <Table.Cell colSpan={4}>
            <Placeholder fluid>
              <Placeholder.Line length="full" />
            </Placeholder>
          </Table.Cell>
        </Table.Row>
      ))}
    </Table.Body>
  );
}
