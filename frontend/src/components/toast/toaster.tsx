import { useEffect, useRef } from 'react';
import { SnackbarProvider, useSnackbar } from 'notistack';
import { TOAST_DURATION_MS, TOAST_LIMIT } from '@/config/constants';
import { ToastContent } from './toast-content';
import type { ToastRequest } from './toast-provider';

type ToastBridgeProps = {
  latest: ToastRequest;
};

/** Shows each new request; it replaces the toast on screen (at most one at a time, spec §9). */
function ToastBridge({ latest }: ToastBridgeProps) {
  const { enqueueSnackbar, closeSnackbar } = useSnackbar();
  const shown = useRef<number | null>(null);
  useEffect(() => {
    const { id, ...options } = latest;
    if (shown.current === id) return; // StrictMode runs effects twice in development.
    shown.current = id;
    closeSnackbar();
    enqueueSnackbar({ key: id, variant: 'toast', ...options });
  }, [latest, enqueueSnackbar, closeSnackbar]);
  return null;
}

export type ToasterProps = {
  region: HTMLElement;
  latest: ToastRequest;
};

/** notistack with spec §9's settings, portalled into the notification region. */
export function Toaster({ region, latest }: ToasterProps) {
  return (
    <SnackbarProvider
      maxSnack={TOAST_LIMIT}
      autoHideDuration={TOAST_DURATION_MS}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      domRoot={region}
      Components={{ toast: ToastContent }}
    >
      <ToastBridge latest={latest} />
    </SnackbarProvider>
  );
}
