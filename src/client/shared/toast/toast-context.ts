import { createContext } from 'react';

export type ToastType = 'success' | 'error' | 'warning' | 'info';

export interface ToastOptions {
  /** Stays until closed by the user. */
  sticky?: boolean;
  /** Overrides the default auto-close time (schemas/rules/constants.json toastAutoCloseMs). */
  autoCloseMs?: number;
  /** A toast with an id replaces an earlier one with the same id instead of stacking (e.g. "show once"). */
  id?: string;
}

export interface Toast {
  id: string;
  type: ToastType;
  text: string;
  sticky: boolean;
  autoCloseMs: number;
}

export interface ToastApi {
  show(type: ToastType, text: string, options?: ToastOptions): string;
  success(text: string, options?: ToastOptions): string;
  error(text: string, options?: ToastOptions): string;
  warning(text: string, options?: ToastOptions): string;
  info(text: string, options?: ToastOptions): string;
  dismiss(id: string): void;
}

export const ToastContext = createContext<ToastApi | null>(null);
