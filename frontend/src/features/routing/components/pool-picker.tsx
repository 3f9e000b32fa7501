import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { Teammate } from '../api/routing-types';
import { type Strategy, STRATEGY_LABELS } from '../utils/routing-draft';

export type PoolPickerProps = {
  /** Names the group for assistive technology: "Partnerships" or "Fallback". */
  label: string;
  pool: string[];
  strategy: Strategy;
  teammates: Teammate[];
  disabled: boolean;
  onChange: (pool: string[], strategy: Strategy) => void;
};

/** Who takes the leads of a rule (in the team's order) and how they take turns. */
export function PoolPicker({ label, pool, strategy, teammates, disabled, onChange }: PoolPickerProps) {
  const toggle = (id: string, checked: boolean) =>
    onChange(
      checked ? teammates.map((t) => t.id).filter((t) => t === id || pool.includes(t)) : pool.filter((p) => p !== id),
      strategy,
    );
  // A pool may still name someone who left the list (disabled since): shown, so it can be removed.
  const gone = pool.filter((id) => !teammates.some((t) => t.id === id));
  return (
    <>
      <FormControl component="fieldset" disabled={disabled}>
        <FormLabel component="legend">{`People of ${label}`}</FormLabel>
        <FormGroup row>
          {teammates.map((teammate) => (
            <FormControlLabel
              key={teammate.id}
              control={<Checkbox checked={pool.includes(teammate.id)} onChange={(_, checked) => toggle(teammate.id, checked)} />}
              label={teammate.away ? `${teammate.displayName} (away)` : teammate.displayName}
            />
          ))}
          {gone.map((id) => (
            <FormControlLabel
              key={id}
              control={<Checkbox checked onChange={() => toggle(id, false)} />}
              label="A former teammate (no longer active)"
            />
          ))}
        </FormGroup>
      </FormControl>
      <TextField
        select
        size="small"
        label={`How ${label} takes turns`}
        value={strategy}
        disabled={disabled}
        onChange={(event) => onChange(pool, event.target.value as Strategy)}
        sx={{ maxWidth: 280 }}
      >
        {(Object.keys(STRATEGY_LABELS) as Strategy[]).map((value) => (
          <MenuItem key={value} value={value}>
            {STRATEGY_LABELS[value]}
          </MenuItem>
        ))}
      </TextField>
    </>
  );
}
