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
 * Bottom right; on a phone at the top, where it does not cover the thank-you panel that
 * takes the place of the form (and its button) at the bottom of the screen.
 */
function anchorOrigin(): SnackbarOrigin {
  const phone = window.matchMedia(theme.breakpoints.down('sm').replace('@media ', '')).matches;
  return phone ? { vertical: 'top', horizontal: 'center' } : { vertical: 'bottom', horizontal: 'right' };
}

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
        anchorOrigin={anchorOrigin()}
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
