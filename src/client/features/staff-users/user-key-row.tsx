import { useState } from 'react';
import { Button, Form, Table, TextArea } from 'semantic-ui-react';
import { useTranslation } from 'react-i18next';
import type { SshKey } from '@generated';
import { CopyButton, KeyFingerprint } from '@/client/engine/renderers';

/** One key: name, fingerprint, type (first word of the key) and an expand button showing the key. */
export function UserKeyRow({ sshKey }: { sshKey: SshKey }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Table.Row>
        <Table.Cell>{sshKey.name}</Table.Cell>
        <Table.Cell>
          <KeyFingerprint sshKey={sshKey} />
        </Table.Cell>
        <Table.Cell>{sshKey.public_key.split(/\s+/)[0]}</Table.Cell>
        <Table.Cell collapsing>
          <Button type="button" size="mini" basic icon={open ? 'angle up' : 'angle down'} aria-label={t('staffUsers.detail.showKey')} onClick={() => setOpen((o) => !o)} />
        </Table.Cell>
      </Table.Row>
      {open && (
        <Table.Row>
          <Table.Cell colSpan={4}>
            <Form>
              <TextArea readOnly value={sshKey.public_key} rows={3} />
            </Form>
            <CopyButton value={sshKey.public_key} what="publicKey" />
          </Table.Cell>
        </Table.Row>
      )}
    </>
  );
}
