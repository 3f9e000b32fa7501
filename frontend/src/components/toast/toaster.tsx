import { ThemeProvider } from '@mui/material/styles';
import { closeSnackbar, enqueueSnackbar, SnackbarProvider } from 'notistack';
import type { SnackbarOrigin } from 'notistack';
import { createRoot } from 'react-dom/client';
import { TOAST_DURATION_MS, TOAST_LIMIT } from '@/config/constants';
import { theme } from '@/config/theme';
import type { ToastOptions } from './toast-options';
import { notificationRegion } from './notification-region';
import { ToastContent } from './toast-content';

/**
 * At the top, in the middle: over the header's empty middle and the page's headings, never
 * over the contact form's button (which comes back while the success toast is still shown)
 * or a lead's status in the list's last columns.
 */
const ANCHOR: SnackbarOrigin = { vertical: 'top', horizontal: 'center' };

// One notistack provider, mounted when this module first loads, in a root of its own: the
// page's tree knows nothing of it, and notistack's own enqueueSnackbar reaches it once it
// has mounted (its ref is set then).
const mounted = new Promise<void>((resolve) => {
  createRoot(document.createElement('div')).render(
    <ThemeProvider theme={theme}>
      <SnackbarProvider
        ref={() => resolve()}
        maxSnack={TOAST_LIMIT}
        autoHideDuration={TOAST_DURATION_MS}
        anchorOrigin={ANCHOR}
        domRoot={notificationRegion()}
        Components={{ toast: ToastContent }}
      />
    </ThemeProvider>,
  );
});

export async function showToast(options: ToastOptions): Promise<void> {
  await mounted;
  closeSnackbar();
  enqueueSnackbar({ variant: 'toast', ...options });
}
