import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { SpamInfo } from '../api/contact-types';
import { spamReasonText, spamScoreText } from '../utils/spam-reasons';

export type SpamReasonsProps = { lead: SpamInfo };

/** Why the lead was held: its score and each signal that fired, in words. */
export function SpamReasons({ lead }: SpamReasonsProps) {
  const reasons = lead.spamReasons;
  return (
    <Box sx={{ display: 'grid', gap: 0.5 }}>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {spamScoreText(lead.spamScore)}
      </Typography>
      {reasons.length ? (
        <Box component="ul" aria-label="Why it was held" sx={{ m: 0, pl: 2.5 }}>
          {reasons.map((code) => (
            <Typography component="li" variant="body2" key={code}>
              {spamReasonText(code)}
            </Typography>
          ))}
        </Box>
      ) : (
        <Typography variant="body2" color="text.secondary">
          No signal fired: marked as spam by hand.
        </Typography>
      )}
    </Box>
  );
}
