import { memo } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { toast } from '@/components/toast/toast';
import { useCan } from '@/lib/session-user';
import type { ContactSubmission } from '../api/contact-types';
import { LeadConflictError } from '../api/lead-conflicts';
import { useUpdateContact } from '../api/update-contact';
import { DeleteContactButton } from './delete-contact-button';
import { EmailText, InterestChip, LeadComments } from './lead-parts';
import { SelectAllBox, SelectLeadBox, useLeadSelection } from './lead-selection-boxes';
import { ReceivedTime } from './received-time';
import { SpamReasons } from './spam-reasons';

export type SpamListProps = {
  submissions: ContactSubmission[];
  onOpen: (id: string) => void;
};

/** "Not spam": the lead goes back to the inbox as new, and everything held for it goes out. */
function NotSpamButton({ lead }: { lead: ContactSubmission }) {
  const update = useUpdateContact();
  // A promise, not mutate's callbacks: the released lead leaves the list, and this button with it.
  const release = () =>
    update.mutateAsync({ lead, changes: { status: 'new' } }).then(
      () => void toast({ title: `${lead.name} moved to the inbox` }),
      (error: Error) => {
        if (!(error instanceof LeadConflictError)) {
          void toast({ title: 'Not released', description: error.message, destructive: true });
        }
      },
    );
  return (
    <Button variant="contained" size="small" disabled={update.isPending} onClick={release}>
      Not spam
    </Button>
  );
}

const SpamItem = memo(function SpamItem({ lead, onOpen }: { lead: ContactSubmission; onOpen: (id: string) => void }) {
  const canTriage = useCan('triage');
  const canDelete = useCan('delete');
  return (
    <Box component="li">
      <Paper
        component="article"
        variant="outlined"
        data-testid="submission"
        aria-label={lead.name}
        sx={{ p: 2, borderRadius: 3 }}
      >
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: 1 }}>
          <SelectLeadBox id={lead.id} name={lead.name} />
          <Box sx={{ minWidth: 0, flex: '1 1 12rem' }}>
            <Link
              component="button"
              type="button"
              onClick={() => onOpen(lead.id)}
              sx={{ fontWeight: 600, fontSize: '1rem', textAlign: 'left', overflowWrap: 'anywhere' }}
            >
              {lead.name}
            </Link>
            <Typography variant="body2">
              <EmailText email={lead.email} />
            </Typography>
            {lead.company ? (
              <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {lead.company}
              </Typography>
            ) : null}
          </Box>
          <InterestChip interest={lead.interest} />
        </Box>
        <ReceivedTime iso={lead.submittedAt} />
        <Box sx={{ my: 1, p: 1.5, bgcolor: 'grey.50', borderRadius: 2 }}>
          <SpamReasons lead={lead} />
        </Box>
        <LeadComments comments={lead.comments} lines={3} />
        {canTriage ? (
          <Box sx={{ mt: 1, display: 'flex', flexWrap: 'wrap', gap: 1 }}>
            <NotSpamButton lead={lead} />
            {canDelete ? (
              // A held lead never went to the spreadsheet; one marked spam by hand may have.
              <DeleteContactButton id={lead.id} name={lead.name} inSpreadsheet={!lead.heldAsSpam} onDeleted={() => undefined} />
            ) : null}
          </Box>
        ) : null}
      </Paper>
    </Box>
  );
});

/** The Spam view's leads: why each was held (its score and signals in words), "Not spam" and Delete. */
export const SpamList = memo(function SpamList({ submissions, onOpen }: SpamListProps) {
  const selectable = useLeadSelection() !== null;
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      {selectable ? (
        <Box sx={{ px: 2 }}>
          <SelectAllBox ids={submissions.map((lead) => lead.id)} visibleLabel />
        </Box>
      ) : null}
      <Box component="ul" aria-labelledby="recent-submissions" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}>
        {submissions.map((lead) => (
          <SpamItem key={lead.id} lead={lead} onOpen={onOpen} />
        ))}
      </Box>
    </Box>
  );
});
