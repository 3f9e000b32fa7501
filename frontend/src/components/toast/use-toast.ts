import { useContext } from 'react';
import { ToastContext } from './toast-provider';
import type { ToastOptions } from './toast-types';

/** Shows a toast; a new toast replaces the one on screen. */
export function useToast(): (options: ToastOptions) => void {
  const context = useContext(ToastContext);
  if (!context) throw new Error('useToast must be used inside <ToastProvider>');
  return context.toast;
}
