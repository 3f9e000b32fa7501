import { NativeSelect } from '@/components/native-select';
import { toast } from '@/components/toast/toast';
import { useCan, useSessionUser } from '@/lib/session-user';
import type { Assignee, ContactSubmission, SeenLead } from '../api/contact-types';
import { LeadConflictError } from '../api/lead-conflicts';
import { useAssignees } from '../api/get-assignees';
import { useDisabledOwners } from '../api/get-disabled-owners';
import { useUpdateContact } from '../api/update-contact';

export type AssigneeSelectProps = {
  /** The lead as the screen shows it (a list row, or the drawer's detail with its notes). */
  submission: SeenLead & Pick<ContactSubmission, 'name'>;
  /** The assignee's name when known (the detail carries it; a list row only the id). */
  assignee?: Assignee | null;
};

const UNASSIGNED = '';

/** Who owns the lead, changed right in the list or the drawer: saved at once. */
export function AssigneeSelect({ submission, assignee }: AssigneeSelectProps) {
  const update = useUpdateContact();
  const canAssign = useCan('triage');
  const me = useSessionUser();
  const people = useAssignees();
  const owners = useDisabledOwners();
  const current = submission.assigneeId ?? null;
  const pending = update.isPending && update.variables.changes.assigneeId !== undefined;
  const value = (pending ? update.variables.changes.assigneeId : current) ?? UNASSIGNED;
  // A disabled assignee is no longer among the choices, but stays the lead's: named as the
  // drawer's detail names them, or (admins) as the disabled owners' list does.
  const owner = owners.find((person) => person.id === current);
  const disabledOwner = owner ? { ...owner, displayName: `${owner.displayName} (disabled)` } : undefined;
  const choices =
    current && !people.some((person) => person.id === current)
      ? [...people, disabledOwner ?? assignee ?? { id: current, username: '', displayName: 'A teammate' }]
      : people;
  const handleChange = (assigneeId: string) =>
    update.mutate(
      { lead: submission, changes: { assigneeId: assigneeId || null } },
      {
        onError: (error) => {
          if (!(error instanceof LeadConflictError)) {
            void toast({ title: 'Not assigned', description: error.message, destructive: true });
          }
        },
      },
    );
  return (
    <NativeSelect
      value={value}
      disabled={!canAssign || update.isPending}
      onChange={(event) => handleChange(event.target.value)}
      aria-label={`Assignee of ${submission.name}`}
    >
      <option value={UNASSIGNED}>Unassigned</option>
      {choices.map((person) => (
        <option key={person.id} value={person.id}>
          {person.id === me?.id ? `${person.displayName} (me)` : person.displayName}
        </option>
      ))}
    </NativeSelect>
  );
}
