import { memo } from 'react';
import { useDisabledOwners } from '../api/get-disabled-owners';
import type { AssigneeChoice } from '../utils/filters';
import { FilterChips } from './filter-chips';

export type AssigneeFilterProps = {
  value: AssigneeChoice;
  onChange: (value: AssigneeChoice) => void;
};

const OPTIONS: { value: Exclude<AssigneeChoice, ''>; label: string }[] = [
  { value: 'me', label: 'Assigned to me' },
  { value: 'none', label: 'Unassigned' },
];

/**
 * "Assigned to me", "Unassigned", or (admins) a disabled owner, whose leads no one else's
 * filter finds: one at most (choosing one drops the other). Memoized, like the other filters.
 */
export const AssigneeFilter = memo(function AssigneeFilter({ value, onChange }: AssigneeFilterProps) {
  const owners = useDisabledOwners();
  const options = [...OPTIONS, ...owners.map((owner) => ({ value: owner.id, label: `${owner.displayName} (disabled)` }))];
  return (
    <FilterChips
      label="Assignee"
      options={options}
      selected={value ? [value] : []}
      onChange={(selected) => onChange(selected.find((choice) => choice !== value) ?? '')}
    />
  );
});
