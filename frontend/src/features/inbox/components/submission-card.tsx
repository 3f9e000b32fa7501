import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { mailtoHref } from '@/lib/url';
import type { ContactSubmission } from '../api/get-contacts';
import { EmailText, InterestChip, LeadComments, LinkedInLink } from './lead-parts';
import { localTime } from '../utils/relative-time';

export type SubmissionCardProps = {
  submission: ContactSubmission;
};

export function SubmissionCard({ submission }: SubmissionCardProps) {
  const { name, email, company, linkedin, interest, comments, submittedAt } = submission;
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
            <Link href={emailHref}>
              <EmailText email={email} />
            </Link>
          ) : (
            <Typography>
              <EmailText email={email} />
            </Typography>
          )}
        </Box>
        <InterestChip interest={interest} />
      </Box>
      <Box sx={{ mt: 1.5, display: 'grid', gap: 0.5 }}>
        <Typography variant="body2" color="text.secondary">
          <time dateTime={submittedAt}>{localTime(submittedAt)}</time>
        </Typography>
        {company ? (
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            <Box component="span" sx={{ fontWeight: 600 }}>
              Company:
            </Box>{' '}
            {company}
          </Typography>
        ) : null}
        <LinkedInLink linkedin={linkedin} />
      </Box>
      <LeadComments comments={comments} sx={{ mt: 1.5, p: 1.5, bgcolor: 'grey.50', borderRadius: 2 }} />
    </Paper>
  );
}
