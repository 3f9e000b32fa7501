import { useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Typography from '@mui/material/Typography';
import { useRouting, useTeammates } from '../api/get-routing';
import { RoutingConflictError, useSaveRouting } from '../api/save-routing';
import { fromDraft, moveRule, newRule, type RoutingDraft, toDraft } from '../utils/routing-draft';
import { PoolPicker } from './pool-picker';
import { RuleCard } from './rule-card';
import { TryRouting } from './try-routing';

export type RoutingSettingsProps = {
  /** Admins change the rules; members read them and try a lead. */
  canEdit: boolean;
};

/** Settings' Routing section: who owns a lead the moment it arrives (docs/routing.md). */
export function RoutingSettings({ canEdit }: RoutingSettingsProps) {
  const routing = useRouting();
  const teammates = useTeammates().data ?? [];
  const save = useSaveRouting();
  const [draft, setDraft] = useState<RoutingDraft | null>(null);
  const [etag, setEtag] = useState('');
  const [saved, setSaved] = useState(false);
  // The move buttons by rule and direction: the pressed one keeps the focus as its rule moves.
  const moveButtons = useRef(new Map<string, HTMLButtonElement>());
  const [moved, setMoved] = useState<{ key: number; direction: 'up' | 'down' } | null>(null);

  // The editor starts from the rules as read, and again whenever they are read anew (after a conflict).
  const read = routing.data;
  if (read && read.etag !== etag) {
    setEtag(read.etag);
    setDraft(toDraft(read.settings));
  }

  useEffect(() => {
    if (!moved) return;
    const pressed = moveButtons.current.get(`${moved.key}:${moved.direction}`);
    const other = moveButtons.current.get(`${moved.key}:${moved.direction === 'up' ? 'down' : 'up'}`);
    // At the top or the bottom the pressed button is disabled: the other one takes the focus.
    (pressed && !pressed.disabled ? pressed : other)?.focus();
  }, [moved, draft]);

  if (routing.isPending || !draft) {
    return routing.isError ? (
      <Alert severity="error">Could not load the routing rules: {routing.error.message}</Alert>
    ) : (
      <Typography>Loading…</Typography>
    );
  }

  const change = (next: RoutingDraft) => {
    setDraft(next);
    setSaved(false);
  };
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    save.mutate({ settings: fromDraft(draft), etag }, { onSuccess: () => setSaved(true) });
  };
  const away = teammates.filter((teammate) => teammate.away);

  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Typography>
        A new lead goes to the owner of the person&apos;s earlier lead; otherwise to the first rule that matches it, then to the
        fallback. People who are away, and disabled accounts, are skipped; a rule with nobody available passes the lead on.
        Without rules, leads arrive unassigned.
      </Typography>
      <Box component="section" aria-labelledby="away-title">
        <Typography id="away-title" variant="h6" component="h3">
          Away
        </Typography>
        <Typography>
          {away.length
            ? `Away now (routing skips them): ${away.map((teammate) => teammate.displayName).join(', ')}.`
            : 'Nobody is away.'}
        </Typography>
      </Box>
      <Box component="form" onSubmit={submit} aria-labelledby="rules-title" sx={{ display: 'grid', gap: 2 }}>
        <Typography id="rules-title" variant="h6" component="h3">
          Rules
        </Typography>
        {canEdit ? null : (
          <Alert severity="info">Only an admin changes the routing rules; you can read them and try a lead.</Alert>
        )}
        {draft.rules.length === 0 ? <Typography>No rules yet.</Typography> : null}
        {draft.rules.map((rule, index) => (
          <RuleCard
            key={rule.key}
            rule={rule}
            position={index}
            count={draft.rules.length}
            teammates={teammates}
            readOnly={!canEdit}
            onChange={(next) => change({ ...draft, rules: draft.rules.map((r) => (r.key === rule.key ? next : r)) })}
            onMove={(by) => {
              change({ ...draft, rules: moveRule(draft.rules, index, by) });
              setMoved({ key: rule.key, direction: by < 0 ? 'up' : 'down' });
            }}
            onRemove={() => change({ ...draft, rules: draft.rules.filter((r) => r.key !== rule.key) })}
            moveButtonRef={(direction, element) => {
              const id = `${rule.key}:${direction}`;
              if (element) moveButtons.current.set(id, element);
              else moveButtons.current.delete(id);
            }}
          />
        ))}
        {canEdit ? (
          <Box>
            <Button onClick={() => change({ ...draft, rules: [...draft.rules, newRule()] })}>Add rule</Button>
          </Box>
        ) : null}
        <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, display: 'grid', gap: 1 }}>
          <Typography component="legend" variant="h6">
            Fallback
          </Typography>
          <FormControlLabel
            control={
              <Checkbox
                checked={draft.fallback !== null}
                disabled={!canEdit}
                onChange={(_, checked) => change({ ...draft, fallback: checked ? { pool: [], strategy: 'round-robin' } : null })}
              />
            }
            label="Route the leads that no rule takes"
          />
          {draft.fallback ? (
            <PoolPicker
              label="the fallback"
              pool={draft.fallback.pool}
              strategy={draft.fallback.strategy}
              teammates={teammates}
              disabled={!canEdit}
              onChange={(pool, strategy) => change({ ...draft, fallback: { pool, strategy } })}
            />
          ) : null}
        </Box>
        {save.isError ? (
          <Alert severity={save.error instanceof RoutingConflictError ? 'warning' : 'error'}>{save.error.message}</Alert>
        ) : null}
        <div role="status">{saved ? <Alert severity="success">The routing rules are saved.</Alert> : null}</div>
        {canEdit ? (
          <Box>
            <Button type="submit" variant="contained" disabled={save.isPending}>
              Save rules
            </Button>
          </Box>
        ) : null}
      </Box>
      <TryRouting teammates={teammates} />
    </Box>
  );
}
