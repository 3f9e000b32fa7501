import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { interestLabel } from '@/config/interests';
import { mailtoHref, parseHttpUrl } from '@/lib/url';
import type { ContactSubmission } from '../api/get-contacts';

export type SubmissionCardProps = {
  submission: ContactSubmission;
};

function formatLocalTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString();
}

export function SubmissionCard({ submission }: SubmissionCardProps) {
  const { name, email, company, linkedin, interest, comments, submittedAt } = submission;
  const profileUrl = linkedin ? parseHttpUrl(linkedin) : null;
  const emailHref = mailtoHref(email);
  return (
    <Paper
      component="article"
      variant="outlined"
      data-testid="submission"
      aria-label={name}
      sx={{ p: { xs: 2, sm: 2.5 }, borderRadius: 3 }}
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: 1, justifyContent: 'space-between' }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography component="h3" sx={{ fontWeight: 600, fontSize: '1.05rem', overflowWrap: 'anywhere' }}>
            {name}
          </Typography>
          {emailHref ? (
            <Link href={emailHref} sx={{ overflowWrap: 'anywhere' }}>
              {email}
            </Link>
          ) : (
            <Typography sx={{ overflowWrap: 'anywhere' }}>{email}</Typography>
          )}
        </Box>
        <Chip label={interestLabel(interest)} color="primary" variant="outlined" size="small" />
      </Box>
      <Box sx={{ mt: 1.5, display: 'grid', gap: 0.5 }}>
        <Typography variant="body2" color="text.secondary">
          <time dateTime={submittedAt}>{formatLocalTime(submittedAt)}</time>
        </Typography>
        {company ? (
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            <Box component="span" sx={{ fontWeight: 600 }}>
              Company:
            </Box>{' '}
            {company}
          </Typography>
        ) : null}
        {profileUrl ? (
          <Typography variant="body2">
            <Link href={profileUrl.href} target="_blank" rel="noopener noreferrer">
              LinkedIn Profile
            </Link>
          </Typography>
        ) : null}
      </Box>
      {comments ? (
        <Box sx={{ mt: 1.5, p: 1.5, bgcolor: 'grey.50', borderRadius: 2 }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            Additional Comments:
          </Typography>
          <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {comments}
          </Typography>
        </Box>
      ) : null}
    </Paper>
  );
}
