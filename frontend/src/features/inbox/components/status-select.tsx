import { useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { NativeSelect } from '@/components/native-select';
import { toast } from '@/components/toast/toast';
import { useCan, useSessionUser } from '@/lib/session-user';
import { STATUSES } from '../api/contact-types';
import type { ContactSubmission, SeenLead, Status } from '../api/contact-types';
import { LeadConflictError } from '../api/lead-conflicts';
import { updateContactNow, useUpdateContact } from '../api/update-contact';
import { STATUS_LABELS } from '../utils/status-labels';

export type StatusSelectProps = {
  /** The lead as the screen shows it (a list row, or the drawer's detail with its notes). */
  submission: SeenLead & Pick<ContactSubmission, 'name'>;
};

// The keys with which a closed select steps through its options (a change each step), and
// type-ahead letters; Alt+↓ and Space open the list instead.
const STEP_KEYS = new Set(['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Home', 'End', 'PageUp', 'PageDown']);
const isStep = (event: KeyboardEvent) =>
  !event.altKey && !event.ctrlKey && !event.metaKey && (STEP_KEYS.has(event.key) || /^\S$/u.test(event.key));

/**
 * The lead's status, changed right in the list. A choice made with the pointer (or in the
 * open list) is saved at once; arrow keys on the closed select only move, and Enter (or
 * leaving the field) saves where they stopped, so the steps in between are never saved;
 * Escape drops the steps. The
 * select stays enabled while saving, so the keyboard focus stays on it.
 */
export function StatusSelect({ submission }: StatusSelectProps) {
  const update = useUpdateContact();
  const queryClient = useQueryClient();
  const canTriage = useCan('triage');
  const userId = useSessionUser()?.id;
  const [draft, setDraft] = useState<Status | null>(null);
  // Set from a stepping key's keydown to its keyup: the change it makes in between is a step.
  const stepping = useRef(false);
  const saved = update.isPending ? (update.variables.changes.status ?? submission.status) : submission.status;
  const value = draft ?? saved;

  const save = (status: Status) => {
    setDraft(null);
    if (status === saved) return;
    const previous = saved;
    // A promise, not mutate's callbacks: a lead marked spam leaves the list, and this select with it.
    update.mutateAsync({ lead: submission, changes: { status } }).then(
      (detail) => {
        if (status === 'spam' && previous !== 'spam') offerUndo(detail, previous);
      },
      (error: Error) => {
        // A teammate's change came first: the conflict notice says which (lead-conflicts).
        if (!(error instanceof LeadConflictError)) {
          void toast({ title: 'Status not changed', description: error.message, destructive: true });
        }
      },
    );
  };
  // Spam leaves the default views: the toast says where the lead went, and brings it back.
  const offerUndo = (lead: SeenLead, previous: Status) =>
    void toast({
      title: `${submission.name} marked as spam`,
      actionLabel: 'Undo',
      onAction: () =>
        void updateContactNow(queryClient, lead, { status: previous }, userId).catch(
          (error: Error) => void toast({ title: 'Not undone', description: error.message, destructive: true }),
        ),
    });
  const handleKeyDown = (event: KeyboardEvent) => {
    if (isStep(event)) stepping.current = true;
    else if (event.key === 'Enter' && draft !== null) {
      event.preventDefault();
      save(draft);
    } else if (event.key === 'Escape') setDraft(null); // (and a drawer around it still closes)
  };

  return (
    <NativeSelect
      value={value}
      disabled={!canTriage}
      onKeyDown={handleKeyDown}
      onKeyUp={() => (stepping.current = false)}
      onChange={(event) => {
        const status = event.target.value as Status;
        if (stepping.current) setDraft(status);
        else save(status);
      }}
      onBlur={() => {
        if (draft !== null) save(draft);
      }}
      aria-label={`Status of ${submission.name}`}
      aria-busy={update.isPending}
    >
      {STATUSES.map((status) => (
        <option key={status} value={status}>
          {STATUS_LABELS[status]}
        </option>
      ))}
    </NativeSelect>
  );
}
