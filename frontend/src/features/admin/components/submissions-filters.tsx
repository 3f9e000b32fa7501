import Box from '@mui/material/Box';
import { INTERESTS } from '@/config/interests';
import { STATUSES } from '../api/contact-types';
import type { Filters } from '../utils/filters';
import { STATUS_LABELS } from '../utils/status-labels';
import { FilterChips } from './filter-chips';
import { RangePicker } from './range-picker';
import { SearchBox } from './search-box';

export type SubmissionsFiltersProps = {
  filters: Filters;
  onChange: (changes: Partial<Filters>) => void;
};

const STATUS_OPTIONS = STATUSES.map((status) => ({ value: status, label: STATUS_LABELS[status] }));

/** Search, interest and status chips, and the date range; archived and spam show only when chosen. */
export function SubmissionsFilters({ filters, onChange }: SubmissionsFiltersProps) {
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <SearchBox value={filters.q} onSearch={(q) => onChange({ q })} />
      <FilterChips
        label="Interest"
        options={INTERESTS}
        selected={filters.interests}
        onChange={(interests) => onChange({ interests })}
      />
      <FilterChips
        label="Status"
        options={STATUS_OPTIONS}
        selected={filters.statuses}
        onChange={(statuses) => onChange({ statuses })}
      />
      <RangePicker filters={filters} onChange={onChange} />
    </Box>
  );
}
