import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { SeenLead } from '../api/contact-types';
import { dismissConflict, type LeadConflict } from '../api/lead-conflicts';
import { useUpdateContact } from '../api/update-contact';

export type ConflictNoticeProps = {
  conflict: LeadConflict;
  /** The lead as the screen shows it now (the current version, after the refused save). */
  lead: SeenLead | undefined;
};

/** A save refused because a teammate changed the lead first: what they changed, and the user's change to apply again. */
export function ConflictNotice({ conflict, lead }: ConflictNoticeProps) {
  const update = useUpdateContact();
  const applyAgain = () => {
    if (!lead) return;
    dismissConflict(conflict.leadId);
    update.mutate({ lead, changes: conflict.changes });
  };
  return (
    <Alert
      severity="warning"
      role="alert"
      data-testid="conflict"
      action={
        <>
          <Button color="inherit" size="small" onClick={applyAgain} disabled={!lead || update.isPending}>
            Apply mine again
          </Button>
          <Button color="inherit" size="small" onClick={() => dismissConflict(conflict.leadId)}>
            Keep theirs
          </Button>
        </>
      }
    >
      {conflict.text} Your change was not saved.
    </Alert>
  );
}
