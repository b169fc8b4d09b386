import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { Toast } from './toast-context';

const ICONS: Record<Toast['type'], string> = {
  success: 'check circle',
  error: 'times circle',
  warning: 'exclamation triangle',
  info: 'info circle',
};

interface ToastItemProps {
  toast: Toast;
  onClose(id: string): void;
}

/**
 * One toast; closes itself after its time unless sticky. Plain semantic-ui markup rather than the
 * React components: toasts are part of every page's JS, the login page's included.
 */
export function ToastItem({ toast, onClose }: ToastItemProps) {
  const { t } = useTranslation();
  useEffect(() => {
    if (toast.sticky) return undefined;
    const timer = window.setTimeout(() => onClose(toast.id), toast.autoCloseMs);
    return () => window.clearTimeout(timer);
  }, [toast, onClose]);

  return (
    <div
      className={`ui icon ${toast.type} message toast`}
      data-toast-type={toast.type}
      role={toast.type === 'error' ? 'alert' : 'status'}
    >
      <i className={`${ICONS[toast.type]} icon`} aria-hidden="true" />
      <button type="button" className="toast-close" aria-label={t('common.close')} onClick={() => onClose(toast.id)}>
        <i className="close icon" aria-hidden="true" />
      </button>
      <div className="content">{toast.text}</div>
    </div>
  );
}
