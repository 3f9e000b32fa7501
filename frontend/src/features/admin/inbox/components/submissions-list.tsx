import { memo } from 'react';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ContactSubmission } from '../api/contact-types';
import { AssigneeSelect } from './assignee-select';
import { SelectAllBox, SelectLeadBox, useLeadSelection } from './lead-selection-boxes';
import { EmailText, InterestChip, LeadComments, LinkedInLink } from './lead-parts';
import { ReceivedTime } from './received-time';
import { RepeatMarker } from './repeat-marker';
import { ResponseTime } from './response-time';
import { StatusSelect } from './status-select';

export type SubmissionsListProps = {
  submissions: ContactSubmission[];
  /** Keep it the same function across renders, or every card renders again. */
  onOpen: (id: string) => void;
};

type ItemProps = { submission: ContactSubmission; onOpen: (id: string) => void };

/** One lead's card; memoized, so that opening a lead or loading more re-renders no card that did not change. */
const SubmissionItem = memo(function SubmissionItem({ submission, onOpen }: ItemProps) {
  return (
    // A card off screen is not laid out until it comes near (its height estimated meanwhile):
    // fifty cards laid out at once were most of the phone's first screen's work.
    <Box component="li" sx={{ contentVisibility: 'auto', containIntrinsicSize: 'auto 240px' }}>
      <Paper
        component="article"
        variant="outlined"
        data-testid="submission"
        aria-label={submission.name}
        sx={{ p: 2, borderRadius: 3 }}
      >
        <Box sx={{ minWidth: 0, display: 'flex', alignItems: 'flex-start', gap: 1 }}>
          <SelectLeadBox id={submission.id} name={submission.name} />
          <Link
            component="button"
            type="button"
            onClick={() => onOpen(submission.id)}
            sx={{ fontWeight: 600, fontSize: '1rem', textAlign: 'left', overflowWrap: 'anywhere' }}
          >
            {submission.name}
          </Link>
          <RepeatMarker repeatOf={submission.repeatOf} />
        </Box>
        <Typography variant="body2">
          <EmailText email={submission.email} />
        </Typography>
        {submission.company ? (
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'break-word' }}>
            {submission.company}
          </Typography>
        ) : null}
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, my: 0.5 }}>
          <InterestChip interest={submission.interest} />
          <LinkedInLink linkedin={submission.linkedin} />
        </Box>
        <ReceivedTime iso={submission.submittedAt} />
        <ResponseTime lead={submission} />
        <LeadComments comments={submission.comments} lines={3} sx={{ mt: 1 }} />
        <Box sx={{ mt: 1, display: 'flex', flexWrap: 'wrap', gap: 2 }}>
          <StatusSelect submission={submission} />
          <AssigneeSelect submission={submission} />
        </Box>
      </Paper>
    </Box>
  );
});

/** The phone's list: a short card a lead, read top to bottom; the name opens its details. */
export const SubmissionsList = memo(function SubmissionsList({ submissions, onOpen }: SubmissionsListProps) {
  const selectable = useLeadSelection() !== null;
  const list = (
    <Box component="ul" aria-labelledby="recent-submissions" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}>
      {submissions.map((submission) => (
        <SubmissionItem key={submission.id} submission={submission} onOpen={onOpen} />
      ))}
    </Box>
  );
  if (!selectable) return list;
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <Box sx={{ px: 2 }}>
        <SelectAllBox ids={submissions.map((submission) => submission.id)} visibleLabel />
      </Box>
      {list}
    </Box>
  );
});
