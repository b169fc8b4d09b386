import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Form, Icon, Table, TextArea } from 'semantic-ui-react';
import type { SshKey } from '@generated';
import { ConfirmButton, CopyButton, KeyFingerprint } from '@/client/engine/renderers';

/** The key type: the first word of an OpenSSH public key line (ssh-ed25519, ssh-rsa …). */
export function keyType(publicKey: string): string {
  return publicKey.trim().split(/\s+/)[0] ?? '';
}

/** One key: name, fingerprint, type, and the actions; expanding shows the whole key with a copy button. */
export function KeyRow({ sshKey, onDelete, deleting }: { sshKey: SshKey; onDelete: (name: string) => void; deleting: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Table.Row data-key-name={sshKey.name}>
        <Table.Cell>{sshKey.name}</Table.Cell>
        <Table.Cell className="keys-mono" data-testid="key-fingerprint">
          <KeyFingerprint sshKey={sshKey} />
        </Table.Cell>
        <Table.Cell>{keyType(sshKey.public_key)}</Table.Cell>
        <Table.Cell textAlign="right" singleLine>
          <Button
            type="button"
            size="tiny"
            basic
            icon={open ? 'angle up' : 'angle down'}
            content={open ? t('publicKeys.hide') : t('publicKeys.show')}
            aria-expanded={open}
            onClick={() => setOpen(!open)}
          />
          <ConfirmButton
            size="tiny"
            color="red"
            loading={deleting}
            disabled={deleting}
            question={t('publicKeys.deleteConfirm', { name: sshKey.name })}
            onConfirm={() => onDelete(sshKey.name)}
          >
            <Icon name="trash alternate outline" />
            {t('publicKeys.delete')}
          </ConfirmButton>
        </Table.Cell>
      </Table.Row>
      {open && (
        <Table.Row className="key-detail">
          <Table.Cell colSpan={4}>
            <Form>
              <div className="key-detail-line">
                <TextArea readOnly rows={3} value={sshKey.public_key} aria-label={t('publicKeys.key')} className="keys-mono" />
                <CopyButton value={sshKey.public_key} what="publicKey" size="small" />
              </div>
            </Form>
          </Table.Cell>
        </Table.Row>
      )}
    </>
  );
}
