import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';

export type FilterChipsProps<T extends string> = {
  label: string;
  options: readonly { value: T; label: string }[];
  selected: T[];
  onChange: (selected: T[]) => void;
};

/** A row of toggle chips: any number chosen, none means "no filter". */
export function FilterChips<T extends string>({ label, options, selected, onChange }: FilterChipsProps<T>) {
  const toggle = (value: T) =>
    onChange(selected.includes(value) ? selected.filter((item) => item !== value) : [...selected, value]);
  return (
    <Box role="group" aria-label={label} sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
      <Typography component="span" variant="body2" color="text.secondary" sx={{ minWidth: 56 }}>
        {label}
      </Typography>
      {options.map((option) => {
        const on = selected.includes(option.value);
        return (
          <Chip
            key={option.value}
            label={option.label}
            size="small"
            color={on ? 'primary' : 'default'}
            variant={on ? 'filled' : 'outlined'}
            aria-pressed={on}
            onClick={() => toggle(option.value)}
          />
        );
      })}
    </Box>
  );
}
