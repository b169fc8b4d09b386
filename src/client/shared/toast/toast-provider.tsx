import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { schemas } from '../schema-set';
import { ToastContext, type Toast, type ToastApi, type ToastOptions, type ToastType } from './toast-context';
import { ToastItem } from './toast-item';

/** Holds the visible toasts and renders them in a fixed corner. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const counter = useRef(0);

  const dismiss = useCallback((id: string) => setToasts((list) => list.filter((toast) => toast.id !== id)), []);

  const api = useMemo<ToastApi>(() => {
    const show = (type: ToastType, text: string, options: ToastOptions = {}): string => {
      counter.current += 1;
      const toast: Toast = {
        id: options.id ?? `toast-${counter.current}`,
        type,
        text,
        sticky: options.sticky ?? false,
        autoCloseMs: options.autoCloseMs ?? schemas.constants.toastAutoCloseMs,
      };
      setToasts((list) => [...list.filter((existing) => existing.id !== toast.id), toast]);
      return toast.id;
    };
    return {
      show,
      success: (text, options) => show('success', text, options),
      error: (text, options) => show('error', text, options),
      warning: (text, options) => show('warning', text, options),
      info: (text, options) => show('info', text, options),
      dismiss,
    };
  }, [dismiss]);

  return (
    <ToastContext.Provider value={api}>
      {children}
      <div className="toast-corner" aria-live="polite">
        {toasts.map((toast) => (
          <ToastItem key={toast.id} toast={toast} onClose={dismiss} />
        ))}
      </div>
    </ToastContext.Provider>
  );
}
