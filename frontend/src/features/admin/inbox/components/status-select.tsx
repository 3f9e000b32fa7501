import NativeSelect from '@mui/material/NativeSelect';
import { toast } from '@/components/toast/toast';
import { useCan } from '@/lib/session-user';
import { STATUSES } from '../api/contact-types';
import type { ContactSubmission, Status } from '../api/contact-types';
import { useUpdateContact } from '../api/update-contact';
import { STATUS_LABELS } from '../utils/status-labels';

export type StatusSelectProps = {
  submission: Pick<ContactSubmission, 'id' | 'name' | 'status'>;
};

/** The lead's status, changed right in the list: one choice, saved at once. */
export function StatusSelect({ submission }: StatusSelectProps) {
  const update = useUpdateContact();
  const canTriage = useCan('triage');
  const value = update.isPending ? (update.variables.changes.status ?? submission.status) : submission.status;
  const handleChange = (status: Status) =>
    update.mutate(
      { id: submission.id, changes: { status } },
      {
        onError: (error) => void toast({ title: 'Status not changed', description: error.message, destructive: true }),
      },
    );
  return (
    <NativeSelect
      value={value}
      disabled={!canTriage || update.isPending}
      onChange={(event) => handleChange(event.target.value as Status)}
      inputProps={{ 'aria-label': `Status of ${submission.name}` }}
      sx={{ fontSize: '0.875rem', minWidth: 112 }}
    >
      {STATUSES.map((status) => (
        <option key={status} value={status}>
          {STATUS_LABELS[status]}
        </option>
      ))}
    </NativeSelect>
  );
}
