import { useContext } from 'react';
import { ToastContext, type ToastApi } from './toast-context';

/** Shows toasts: `const toast = useToast(); toast.success(t('…'))`. Needs a ToastProvider above. */
export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast needs a ToastProvider');
  return api;
}
