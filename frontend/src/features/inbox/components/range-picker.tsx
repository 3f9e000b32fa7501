import { memo, useState } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { TextInput } from '@/components/text-input';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import type { Filters, RangeChoice } from '../utils/filters';
import { RANGE_DAYS } from '../utils/filters';

export type RangePickerProps = Pick<Filters, 'range' | 'from' | 'to'> & {
  /** Keep it the same function across renders: a search then renders none of these buttons again. */
  onChange: (changes: Partial<Filters>) => void;
};

const CHOICES: { value: RangeChoice; label: string }[] = [
  { value: '', label: 'All time' },
  ...RANGE_DAYS.map((days) => ({ value: String(days) as RangeChoice, label: `${days} days` })),
  { value: 'custom', label: 'Custom' },
];

export const RANGE_ORDER_MESSAGE = '"To" must not be before "From"';

type Days = Pick<Filters, 'from' | 'to'>;
const inOrder = ({ from, to }: Days) => !from || !to || from <= to;

/**
 * The received-date range: all time, the last 7 / 30 / 90 days, or two days of one's own.
 * A custom range whose last day comes before its first stays in the fields with a message
 * beside them and never reaches the filters (the date inputs' min and max do not stop typing).
 * Memoized: MUI's toggle buttons are styled at run time, which each search paid for again.
 */
export const RangePicker = memo(function RangePicker({ range, from, to, onChange }: RangePickerProps) {
  const [draft, setDraft] = useState<Days | null>(null);
  const days = draft ?? { from, to };
  const changeDays = (changes: Partial<Days>) => {
    const next = { ...days, ...changes };
    if (inOrder(next)) {
      setDraft(null);
      onChange(next);
    } else {
      setDraft(next);
    }
  };
  const error = draft !== null;
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}>
      <ToggleButtonGroup
        size="small"
        exclusive
        aria-label="Received"
        value={range}
        onChange={(_event, range: RangeChoice | null) => {
          if (range === null) return;
          setDraft(null);
          onChange({ range });
        }}
        // One row at any width (a wrapped group breaks its joined borders): on a phone the
        // buttons share the row and give up some padding.
        sx={{ width: { xs: '100%', sm: 'auto' } }}
      >
        {CHOICES.map((choice) => (
          <ToggleButton
            key={choice.value}
            value={choice.value}
            sx={{ px: { xs: 0.5, sm: 1.25 }, py: 0.5, flex: { xs: '1 1 auto', sm: 'none' }, whiteSpace: 'nowrap' }}
          >
            {choice.label}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      {range === 'custom' ? (
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <TextInput
            type="date"
            size="small"
            label="From"
            value={days.from}
            onChange={(event) => changeDays({ from: event.target.value })}
            error={error}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: days.to || undefined } }}
            sx={{ width: 160 }}
          />
          <TextInput
            type="date"
            size="small"
            label="To"
            value={days.to}
            onChange={(event) => changeDays({ to: event.target.value })}
            error={error}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: days.from || undefined } }}
            sx={{ width: 160 }}
          />
          {error ? (
            <Typography role="alert" variant="body2" color="error" sx={{ alignSelf: 'center' }}>
              {RANGE_ORDER_MESSAGE}
            </Typography>
          ) : null}
        </Box>
      ) : null}
    </Box>
  );
});
