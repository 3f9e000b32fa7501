import { useId, useState } from 'react';
import type { KeyboardEvent } from 'react';
import Button from '@mui/material/Button';
import NativeSelect from '@mui/material/NativeSelect';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { toast } from '@/components/toast/toast';
import { useCan, useSessionUser } from '@/lib/session-user';
import { useBulkDelete, useBulkUpdate } from '../api/bulk-contacts';
import type { BulkChanges } from '../api/bulk-contacts';
import { STATUSES } from '../api/contact-types';
import type { Status } from '../api/contact-types';
import { useAssignees } from '../api/get-assignees';
import { countText } from '../utils/count-text';
import { STATUS_LABELS } from '../utils/status-labels';
import { BulkDeleteDialog } from './bulk-delete-dialog';
import { useLeadSelection, useSelectedIds } from './lead-selection-boxes';

export type BulkActionBarProps = {
  /** In the Spam view: "Not spam" releases the selected leads. */
  spamView: boolean;
};

const NO_CHANGE = '';
const UNASSIGNED = 'none';

/**
 * The actions on the ticked leads, shown while any is ticked: a status and an assignee
 * (applied together), "Not spam" in the Spam view, and Delete for admins (confirmed). Each
 * ends with a toast of how many leads changed, the lists fetched again and nothing ticked.
 * Escape anywhere in the bar clears the selection.
 */
export function BulkActionBar({ spamView }: BulkActionBarProps) {
  const selection = useLeadSelection();
  const ids = useSelectedIds();
  const canDelete = useCan('delete');
  const me = useSessionUser();
  const people = useAssignees();
  const update = useBulkUpdate();
  const remove = useBulkDelete();
  const [status, setStatus] = useState<Status | typeof NO_CHANGE>(NO_CHANGE);
  const [assignee, setAssignee] = useState(NO_CHANGE);
  const [confirming, setConfirming] = useState(false);
  const labelId = useId();
  if (!selection || ids.length === 0) return null;

  const done = (title: string) => {
    setStatus(NO_CHANGE);
    setAssignee(NO_CHANGE);
    selection.clear();
    void toast({ title });
  };
  const failed = (title: string) => (error: Error) => void toast({ title, description: error.message, destructive: true });
  const apply = (changes: BulkChanges, released = false) =>
    update.mutate(
      { ids: [...ids], changes },
      {
        onSuccess: (updated) =>
          done(released ? `${countText(updated, 'lead')} moved to the inbox` : `${countText(updated, 'lead')} updated`),
        onError: failed('Leads not changed'),
      },
    );
  const applyChosen = () => {
    const changes: BulkChanges = {};
    if (status) changes.status = status;
    if (assignee) changes.assigneeId = assignee === UNASSIGNED ? null : assignee;
    apply(changes);
  };
  const confirmDelete = () =>
    remove.mutate([...ids], {
      onSuccess: (erased) => {
        setConfirming(false);
        done(`${countText(erased, 'submission')} deleted`);
      },
      onError: failed('Not deleted'),
    });
  const handleKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && !confirming) selection.clear();
  };
  const busy = update.isPending || remove.isPending;

  return (
    <Paper
      role="region"
      aria-labelledby={labelId}
      elevation={6}
      onKeyDown={handleKeyDown}
      data-testid="bulk-bar"
      sx={{
        position: 'sticky',
        bottom: 8,
        zIndex: 2,
        p: 1.5,
        borderRadius: 3,
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: 1.5,
        minWidth: 0,
      }}
    >
      <Typography id={labelId} role="status" sx={{ fontWeight: 700, mr: 'auto' }}>
        {`${ids.length} selected`}
      </Typography>
      {spamView ? (
        <Button variant="contained" size="small" disabled={busy} onClick={() => apply({ status: 'new' }, true)}>
          Not spam
        </Button>
      ) : null}
      <NativeSelect
        value={status}
        onChange={(event) => setStatus(event.target.value as Status | typeof NO_CHANGE)}
        inputProps={{ 'aria-label': 'Set status' }}
        sx={{ fontSize: '0.875rem', minWidth: 120 }}
      >
        <option value={NO_CHANGE}>Status…</option>
        {STATUSES.map((one) => (
          <option key={one} value={one}>
            {STATUS_LABELS[one]}
          </option>
        ))}
      </NativeSelect>
      <NativeSelect
        value={assignee}
        onChange={(event) => setAssignee(event.target.value)}
        inputProps={{ 'aria-label': 'Set assignee' }}
        sx={{ fontSize: '0.875rem', minWidth: 120, maxWidth: '100%' }}
      >
        <option value={NO_CHANGE}>Assignee…</option>
        <option value={UNASSIGNED}>Unassigned</option>
        {people.map((person) => (
          <option key={person.id} value={person.id}>
            {person.id === me?.id ? `${person.displayName} (me)` : person.displayName}
          </option>
        ))}
      </NativeSelect>
      <Button variant="outlined" size="small" disabled={busy || (!status && !assignee)} onClick={applyChosen}>
        Apply
      </Button>
      {canDelete ? (
        <Button color="error" variant="outlined" size="small" disabled={busy} onClick={() => setConfirming(true)}>
          Delete
        </Button>
      ) : null}
      <Button size="small" onClick={() => selection.clear()}>
        Clear selection
      </Button>
      <BulkDeleteDialog
        open={confirming}
        count={ids.length}
        pending={remove.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={confirmDelete}
      />
    </Paper>
  );
}
