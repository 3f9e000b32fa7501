import Box from '@mui/material/Box';
import { TextInput } from '@/components/text-input';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import type { Filters, RangeChoice } from '../utils/filters';
import { RANGE_DAYS } from '../utils/filters';

export type RangePickerProps = {
  filters: Filters;
  onChange: (changes: Partial<Filters>) => void;
};

const CHOICES: { value: RangeChoice; label: string }[] = [
  { value: '', label: 'All time' },
  ...RANGE_DAYS.map((days) => ({ value: String(days) as RangeChoice, label: `${days} days` })),
  { value: 'custom', label: 'Custom' },
];

/** The received-date range: all time, the last 7 / 30 / 90 days, or two days of one's own. */
export function RangePicker({ filters, onChange }: RangePickerProps) {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}>
      <ToggleButtonGroup
        size="small"
        exclusive
        aria-label="Received"
        value={filters.range}
        onChange={(_event, range: RangeChoice | null) => {
          if (range !== null) onChange({ range });
        }}
        sx={{ flexWrap: 'wrap' }}
      >
        {CHOICES.map((choice) => (
          <ToggleButton key={choice.value} value={choice.value} sx={{ px: 1.25, py: 0.5 }}>
            {choice.label}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      {filters.range === 'custom' ? (
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <TextInput
            type="date"
            size="small"
            label="From"
            value={filters.from}
            onChange={(event) => onChange({ from: event.target.value })}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: filters.to || undefined } }}
            sx={{ width: 160 }}
          />
          <TextInput
            type="date"
            size="small"
            label="To"
            value={filters.to}
            onChange={(event) => onChange({ to: event.target.value })}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: filters.from || undefined } }}
            sx={{ width: 160 }}
          />
        </Box>
      ) : null}
    </Box>
  );
}
