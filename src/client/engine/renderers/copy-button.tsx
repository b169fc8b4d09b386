import { Button } from 'semantic-ui-react';
import { useTranslation } from 'react-i18next';
import { useToast } from '@/client/shared/toast/use-toast';

/** What is being copied: decides the spec's success and failure toasts. */
export type CopyWhat = 'projectCode' | 'userLabel' | 'username' | 'email' | 'userEmail' | 'publicKey' | 'uniqueId';

/**
 * Copies a value to the clipboard with the spec's toasts. The clipboard API exists only in a
 * secure context (https or localhost); elsewhere the failure toast says so.
 */
export function CopyButton({ value, what, size = 'mini' }: { value: string; what: CopyWhat; size?: 'mini' | 'tiny' | 'small' }) {
  const { t } = useTranslation();
  const toast = useToast();
  const copy = async () => {
    try {
      if (!window.isSecureContext || !navigator.clipboard) throw new Error('insecure context');
      await navigator.clipboard.writeText(value);
      toast.success(t(`copy.${what}.ok`));
    } catch {
      toast.error(t(`copy.${what}.failed`));
    }
  };
  return (
    <Button
      type="button"
      icon="copy outline"
      size={size}
      basic
      compact
      aria-label={t(`copy.${what}.label`)}
      title={t(`copy.${what}.label`)}
      onClick={() => void copy()}
    />
  );
}
