import type { SeenLead } from '../api/contact-types';
import { dismissConflict, type LeadConflict } from '../api/lead-conflicts';
import { useUpdateContact } from '../api/update-contact';
import './conflict-notice.css';

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
    <div role="alert" data-testid="conflict" className="conflict-notice">
      <p className="conflict-notice__text">{conflict.text} Your change was not saved.</p>
      <div className="conflict-notice__actions">
        <button
          type="button"
          className="btn btn--small btn--text btn--inherit"
          onClick={applyAgain}
          disabled={!lead || update.isPending}
        >
          Apply mine again
        </button>
        <button type="button" className="btn btn--small btn--text btn--inherit" onClick={() => dismissConflict(conflict.leadId)}>
          Keep theirs
        </button>
      </div>
    </div>
  );
}
