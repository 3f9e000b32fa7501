import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useMinuteClock } from '@/lib/minute-clock';
import { useResponseSettings } from '@/lib/response-settings';
import type { ResponseLead } from '../api/response-time-types';
import { responseState } from '../utils/response-text';

export type ResponseTimeProps = {
  lead: ResponseLead;
};

/**
 * "answered in 12 min", or for a lead still new "waiting 2 h" with an "Overdue" badge past
 * the team's target; it moves on with the page's one minute clock.
 */
export function ResponseTime({ lead }: ResponseTimeProps) {
  const now = useMinuteClock();
  const settings = useResponseSettings();
  const state = responseState(lead, now, settings.data);
  if (state.kind === 'none') return null;
  const overdue = state.kind === 'waiting' && state.overdue;
  return (
    <Typography
      component="span"
      variant="caption"
      data-testid="response-time"
      color={overdue ? 'error' : 'text.secondary'}
      sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 0.5 }}
    >
      {state.text}
      {overdue ? (
        <Box
          component="span"
          sx={{ px: 0.75, borderRadius: 1, bgcolor: 'error.main', color: 'error.contrastText', fontWeight: 700 }}
        >
          Overdue
        </Box>
      ) : null}
    </Typography>
  );
}
