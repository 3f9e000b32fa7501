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

/** "Assigned to me" or "Unassigned": one at most (choosing one drops the other). */
export function AssigneeFilter({ value, onChange }: AssigneeFilterProps) {
  return (
    <FilterChips
      label="Assignee"
      options={OPTIONS}
      selected={value ? [value] : []}
      onChange={(selected) => onChange(selected.find((choice) => choice !== value) ?? '')}
    />
  );
}
