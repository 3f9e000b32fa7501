import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { interestLabel } from '@/config/interests';
import { parseHttpUrl } from '@/lib/url';

// The parts of a lead that spec §2 lists for every entry of "Recent Submissions": the table,
// the phone's list and the drawer show them alike. Typed text is always rendered as text.

export type InterestChipProps = {
  interest: string;
};

/** The interest badge. */
export function InterestChip({ interest }: InterestChipProps) {
  return <Chip label={interestLabel(interest)} color="primary" variant="outlined" size="small" />;
}

export type LinkedInLinkProps = {
  linkedin?: string | null;
};

/** "LinkedIn Profile", opening in a new tab; nothing unless the stored value is an http(s) URL. */
export function LinkedInLink({ linkedin }: LinkedInLinkProps) {
  const profileUrl = linkedin ? parseHttpUrl(linkedin) : null;
  if (!profileUrl) return null;
  return (
    <Link href={profileUrl.href} target="_blank" rel="noopener noreferrer" variant="body2" sx={{ display: 'inline-block' }}>
      LinkedIn Profile
    </Link>
  );
}

export type LeadCommentsProps = {
  comments?: string | null;
  /** Lines shown before the text is cut with an ellipsis; the whole text when unset. */
  lines?: number;
  sx?: SxProps<Theme>;
};

/** "Additional Comments:" with the comments, when there are any. */
export function LeadComments({ comments, lines, sx }: LeadCommentsProps) {
  if (!comments) return null;
  const clamp = lines
    ? { display: '-webkit-box', WebkitBoxOrient: 'vertical', WebkitLineClamp: String(lines), overflow: 'hidden' }
    : {};
  return (
    <Box sx={sx}>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        Additional Comments:
      </Typography>
      <Typography
        variant="body2"
        title={lines ? comments : undefined}
        sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'break-word', ...clamp }}
      >
        {comments}
      </Typography>
    </Box>
  );
}
