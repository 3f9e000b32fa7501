import { useId, useRef } from 'react';
import type { ReactNode } from 'react';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useFocusIfLost } from '@/lib/use-focus-if-lost';

export type FormCardProps = {
  title: string;
  intro?: ReactNode;
  /** Renders the card's content; `titleId` labels its form. */
  children: (titleId: string) => ReactNode;
};

/** A narrow card with the page's heading (focused when the page opens), for the sign-in, invitation and reset forms. */
export function FormCard({ title, intro, children }: FormCardProps) {
  const titleId = useId();
  const titleRef = useRef<HTMLHeadingElement>(null);
  useFocusIfLost(titleRef);
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 4 }, borderRadius: 3, maxWidth: 420, mx: 'auto' }}>
      <Typography
        ref={titleRef}
        tabIndex={-1}
        id={titleId}
        variant="h5"
        component="h1"
        sx={{ fontWeight: 700, mb: 0.5, outline: 'none' }}
      >
        {title}
      </Typography>
      {intro ? (
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {intro}
        </Typography>
      ) : null}
      {children(titleId)}
    </Paper>
  );
}
