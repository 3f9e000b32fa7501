import { forwardRef, useRef, useState } from 'react';
import type { PointerEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import SvgIcon from '@mui/material/SvgIcon';
import Typography from '@mui/material/Typography';
import { SnackbarContent, useSnackbar } from 'notistack';
import type { CustomContentProps } from 'notistack';
import { TOAST_SWIPE_THRESHOLD_PX } from '@/config/constants';
import type { ToastOptions } from './toast-options';

declare module 'notistack' {
  interface VariantOverrides {
    toast: ToastOptions;
  }
}

export type ToastContentProps = CustomContentProps & ToastOptions;

/** Pixels a pointer must travel before a press becomes a swipe (so clicks stay clicks). */
const SWIPE_START_PX = 5;

/**
 * A toast: title, description, an action button if any, and a close button, dismissed by a swipe to the right past
 * TOAST_SWIPE_THRESHOLD_PX.
 */
export const ToastContent = forwardRef<HTMLDivElement, ToastContentProps>(function ToastContent(
  { id, title, description, destructive = false, actionLabel, onAction },
  ref,
) {
  const { closeSnackbar } = useSnackbar();
  const startX = useRef<number | null>(null);
  const [offset, setOffset] = useState(0);
  // The latest offset for pointerup, which may run before React has rendered the last move.
  const latestOffset = useRef(0);
  const [swiping, setSwiping] = useState(false);

  const handlePointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    startX.current = event.clientX;
  };

  const handlePointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (startX.current === null) return;
    const delta = Math.max(0, event.clientX - startX.current);
    if (!swiping && delta > SWIPE_START_PX) {
      setSwiping(true);
      event.currentTarget.setPointerCapture(event.pointerId);
    }
    if (swiping || delta > SWIPE_START_PX) {
      latestOffset.current = delta;
      setOffset(delta);
    }
  };

  const endSwipe = (commit: boolean) => {
    const dismissed = commit && latestOffset.current > TOAST_SWIPE_THRESHOLD_PX;
    startX.current = null;
    latestOffset.current = 0;
    setSwiping(false);
    if (dismissed) {
      closeSnackbar(id);
    } else {
      setOffset(0);
    }
  };

  const role = destructive ? 'alert' : 'status';

  return (
    <SnackbarContent ref={ref} role={role} aria-atomic="true">
      <Box
        data-testid="toast"
        data-variant={destructive ? 'destructive' : 'default'}
        onPointerDown={handlePointerDown}
        onPointerMove={handlePointerMove}
        onPointerUp={() => endSwipe(true)}
        onPointerCancel={() => endSwipe(false)}
        sx={(theme) => ({
          display: 'flex',
          alignItems: 'flex-start',
          gap: 1,
          width: { xs: 'calc(100vw - 32px)', sm: 380 },
          maxWidth: '100%',
          p: 2,
          borderRadius: 2,
          boxShadow: theme.shadows[6],
          border: '1px solid',
          borderColor: destructive ? theme.palette.error.dark : theme.palette.divider,
          bgcolor: destructive ? theme.palette.error.main : theme.palette.background.paper,
          color: destructive ? theme.palette.error.contrastText : theme.palette.text.primary,
          touchAction: 'pan-y',
          userSelect: swiping ? 'none' : 'auto',
          transform: `translateX(${offset}px)`,
          opacity: swiping ? Math.max(0.3, 1 - offset / 200) : 1,
          transition: swiping ? 'none' : 'transform 150ms ease-out, opacity 150ms ease-out',
        })}
      >
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography component="p" sx={{ fontWeight: 600, fontSize: '0.95rem' }}>
            {title}
          </Typography>
          {description ? (
            <Typography component="p" sx={{ mt: 0.5, fontSize: '0.875rem', overflowWrap: 'anywhere', opacity: 0.95 }}>
              {description}
            </Typography>
          ) : null}
        </Box>
        {actionLabel && onAction ? (
          <Button
            size="small"
            color="inherit"
            onClick={() => {
              closeSnackbar(id);
              onAction();
            }}
            sx={{ mt: -0.5, fontWeight: 700 }}
          >
            {actionLabel}
          </Button>
        ) : null}
        <IconButton
          size="small"
          aria-label="Close notification"
          onClick={() => closeSnackbar(id)}
          sx={{ color: 'inherit', mt: -0.5, mr: -0.5 }}
        >
          <SvgIcon fontSize="small">
            <path d="M19 6.41 17.59 5 12 10.59 6.41 5 5 6.41 10.59 12 5 17.59 6.41 19 12 13.41 17.59 19 19 17.59 13.41 12z" />
          </SvgIcon>
        </IconButton>
      </Box>
    </SnackbarContent>
  );
});
