import { memo } from 'react';
import type { MeetingChoice } from '../utils/filters';
import { FilterChips } from './filter-chips';

export type MeetingFilterProps = {
  value: MeetingChoice;
  onChange: (value: MeetingChoice) => void;
};

const OPTIONS: { value: Exclude<MeetingChoice, ''>; label: string }[] = [
  { value: 'upcoming', label: 'Upcoming meeting' },
  { value: 'none', label: 'No meeting' },
];

/** "Upcoming meeting" or "No meeting" (the API's `meeting=upcoming|none`): one at most. Memoized, like the other filters. */
export const MeetingFilter = memo(function MeetingFilter({ value, onChange }: MeetingFilterProps) {
  return (
    <FilterChips
      label="Meeting"
      options={OPTIONS}
      selected={value ? [value] : []}
      onChange={(selected) => onChange(selected.find((choice) => choice !== value) ?? '')}
    />
  );
});
