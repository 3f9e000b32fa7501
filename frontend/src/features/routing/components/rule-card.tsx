import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Teammate } from '../api/routing-types';
import {
  type ConditionDraft,
  type Field,
  FIELD_LABELS,
  NEW_CONDITION,
  type Op,
  OP_LABELS,
  type RuleDraft,
} from '../utils/routing-draft';
import { PoolPicker } from './pool-picker';

export type RuleCardProps = {
  rule: RuleDraft;
  position: number;
  count: number;
  teammates: Teammate[];
  readOnly: boolean;
  onChange: (rule: RuleDraft) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
  /** Registers the move buttons, so that focus stays on the one pressed as the rule moves. */
  moveButtonRef: (direction: 'up' | 'down', element: HTMLButtonElement | null) => void;
};

/** One rule: its name, its conditions (all must hold), its people and how they take turns; moved up or down by buttons. */
export function RuleCard({
  rule,
  position,
  count,
  teammates,
  readOnly,
  onChange,
  onMove,
  onRemove,
  moveButtonRef,
}: RuleCardProps) {
  const title = rule.name.trim() || `Rule ${position + 1}`;
  const setCondition = (index: number, condition: ConditionDraft) =>
    onChange({ ...rule, when: rule.when.map((c, i) => (i === index ? condition : c)) });
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-label={`Rule ${position + 1}: ${title}`}
      sx={{ p: 2, display: 'grid', gap: 2 }}
    >
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="subtitle1" component="h4" sx={{ flexGrow: 1, fontWeight: 600 }}>
          {`${position + 1}. ${title}`}
        </Typography>
        {readOnly ? null : (
          <>
            <Button
              size="small"
              ref={(element) => moveButtonRef('up', element)}
              aria-label={`Move ${title} up`}
              disabled={position === 0}
              onClick={() => onMove(-1)}
            >
              Move up
            </Button>
            <Button
              size="small"
              ref={(element) => moveButtonRef('down', element)}
              aria-label={`Move ${title} down`}
              disabled={position === count - 1}
              onClick={() => onMove(1)}
            >
              Move down
            </Button>
            <Button size="small" color="error" aria-label={`Remove ${title}`} onClick={onRemove}>
              Remove
            </Button>
          </>
        )}
      </Box>
      <TextField
        size="small"
        label="Rule name"
        value={rule.name}
        disabled={readOnly}
        slotProps={{ htmlInput: { maxLength: 100 } }}
        onChange={(event) => onChange({ ...rule, name: event.target.value })}
        sx={{ maxWidth: 360 }}
      />
      <Box sx={{ display: 'grid', gap: 1 }}>
        <Typography variant="subtitle2" component="p">
          {rule.when.length ? 'Every condition must hold:' : 'No conditions: every lead matches.'}
        </Typography>
        {rule.when.map((condition, index) => (
          <Box key={index} role="group" aria-label={`Condition ${index + 1}`} sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <TextField
              select
              size="small"
              label="Field"
              value={condition.field}
              disabled={readOnly}
              onChange={(event) => setCondition(index, { ...condition, field: event.target.value as Field })}
              sx={{ minWidth: 200 }}
            >
              {(Object.keys(FIELD_LABELS) as Field[]).map((field) => (
                <MenuItem key={field} value={field}>
                  {FIELD_LABELS[field]}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              size="small"
              label="Operator"
              value={condition.op}
              disabled={readOnly}
              onChange={(event) => setCondition(index, { ...condition, op: event.target.value as Op })}
              sx={{ minWidth: 140 }}
            >
              {(Object.keys(OP_LABELS) as Op[]).map((op) => (
                <MenuItem key={op} value={op}>
                  {OP_LABELS[op]}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              size="small"
              label="Value"
              value={condition.value}
              disabled={readOnly}
              helperText={condition.op === 'in' ? 'Separate the values with commas' : undefined}
              onChange={(event) => setCondition(index, { ...condition, value: event.target.value })}
            />
            {readOnly ? null : (
              <Button
                size="small"
                aria-label={`Remove condition ${index + 1}`}
                onClick={() => onChange({ ...rule, when: rule.when.filter((_, i) => i !== index) })}
              >
                Remove condition
              </Button>
            )}
          </Box>
        ))}
        {readOnly ? null : (
          <Box>
            <Button size="small" onClick={() => onChange({ ...rule, when: [...rule.when, NEW_CONDITION] })}>
              Add condition
            </Button>
          </Box>
        )}
      </Box>
      <PoolPicker
        label={title}
        pool={rule.pool}
        strategy={rule.strategy}
        teammates={teammates}
        disabled={readOnly}
        onChange={(pool, strategy) => onChange({ ...rule, pool, strategy })}
      />
    </Paper>
  );
}
