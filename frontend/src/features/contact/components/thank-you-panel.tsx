import { useEffect, useRef } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

export type ThankYouPanelProps = {
  durationMs: number;
  /** Called once the panel has been shown for `durationMs`. */
  onDone: () => void;
};

export function ThankYouPanel({ durationMs, onDone }: ThankYouPanelProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);

  // The form (and the focused button) just went away: keep keyboard focus on the page. The
  // panel's time counts from when it is on screen.
  useEffect(() => {
    headingRef.current?.focus();
    const timer = window.setTimeout(onDone, durationMs);
    return () => window.clearTimeout(timer);
  }, [durationMs, onDone]);

  return (
    <Box data-testid="thank-you-panel" sx={{ textAlign: 'center', py: 6, px: 2 }}>
      <Box
        aria-hidden="true"
        sx={{
          width: 64,
          height: 64,
          mx: 'auto',
          mb: 2,
          borderRadius: '50%',
          display: 'grid',
          placeItems: 'center',
          bgcolor: 'success.main',
          color: 'common.white',
          fontSize: 32,
          fontWeight: 700,
        }}
      >
        ✓
      </Box>
      <Typography ref={headingRef} tabIndex={-1} variant="h5" component="h2" sx={{ fontWeight: 700, mb: 1, outline: 'none' }}>
        Thank You!
      </Typography>
      <Typography color="text.secondary">We&apos;ve received your submission and will be in touch soon.</Typography>
    </Box>
  );
}
