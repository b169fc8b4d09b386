import { Header, Segment, Table } from 'semantic-ui-react';
import { useTranslation } from 'react-i18next';
import type { UserBrief } from '@generated';
import { CopyButton, type CopyWhat } from '@/client/engine/renderers';

type Row = { key: 'firstName' | 'lastName' | 'email' | 'userId' | 'affiliation' | 'institution' | 'organisation'; value?: string; what: CopyWhat };

/** The lead's directory data, each value with a copy button. */
export function LeaderBlock({ lead }: { lead: UserBrief | undefined }) {
  const { t } = useTranslation();
  if (!lead) return null;
  const rows: Row[] = [
    { key: 'firstName', value: lead.first_name, what: 'userLabel' },
    { key: 'lastName', value: lead.last_name, what: 'userLabel' },
    { key: 'email', value: lead.person_mail, what: 'userEmail' },
    { key: 'userId', value: lead.person_uniqueid ?? lead.username, what: 'uniqueId' },
    { key: 'affiliation', value: lead.person_affiliation, what: 'userLabel' },
    { key: 'institution', value: lead.person_institution, what: 'userLabel' },
    { key: 'organisation', value: lead.person_organisation, what: 'userLabel' },
  ];
  return (
    <Segment className="leader-block">
      <Header as="h3">{t('processing.leader')}</Header>
      <Table compact basic="very" definition>
        <Table.Body>
          {rows.map((row) => (
            <Table.Row key={row.key}>
              <Table.Cell width={4}>{t(`processing.lead.${row.key}`)}</Table.Cell>
              <Table.Cell>
                {row.value}
                {row.value && <CopyButton value={row.value} what={row.what} />}
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table>
    </Segment>
  );
}
