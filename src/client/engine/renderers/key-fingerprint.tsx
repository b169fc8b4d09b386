import { useState } from 'react';
import { Button } from 'semantic-ui-react';
import { useTranslation } from 'react-i18next';
import type { SshKey } from '@generated';
import './key-fingerprint.css';

/**
 * A key's fingerprint as `ssh-keygen -l` prints it (SHA256), which is what people compare with
 * their own machine; a small button switches to the MD5 form that older tools and the current
 * portal show.
 */
export function KeyFingerprint({ sshKey }: { sshKey: Pick<SshKey, 'fingerprint' | 'fingerprint_sha256'> }) {
  const { t } = useTranslation();
  const [md5, setMd5] = useState(false);
  const sha256 = sshKey.fingerprint_sha256;
  const shown = md5 || !sha256 ? `MD5:${sshKey.fingerprint}` : sha256;
  return (
    <span className="key-fingerprint">
      <code data-testid="key-fingerprint-text">{shown}</code>
      {sha256 && (
        <Button
          type="button"
          size="mini"
          basic
          compact
          className="key-fingerprint-switch"
          aria-pressed={md5}
          content={md5 ? 'SHA256' : 'MD5'}
          title={t(md5 ? 'publicKeys.showSha256' : 'publicKeys.showMd5')}
          aria-label={t(md5 ? 'publicKeys.showSha256' : 'publicKeys.showMd5')}
          onClick={() => setMd5((m) => !m)}
        />
      )}
    </span>
  );
}
