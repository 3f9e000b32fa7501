import { useId, useLayoutEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { toast } from '@/components/toast/toast';
import { useMinuteClock } from '@/lib/minute-clock';
import { useCan } from '@/lib/session-user';
import type { SeenLead } from '../api/contact-types';
import { LeadConflictError } from '../api/lead-conflicts';
import type { ResponseFields } from '../api/response-time-types';
import { useUpdateContact } from '../api/update-contact';
import { followUpChoices, followUpOn, localDay } from '../utils/follow-up-choices';

export type FollowUpPickerProps = {
  lead: SeenLead & Pick<ResponseFields, 'followUpAt'>;
};

const whenText = (iso: string) =>
  new Date(iso).toLocaleString(undefined, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });

/**
 * When to follow the lead up: today, in an hour, the next working day, next week or a chosen
 * date and time (09:00 local time unless chosen), or cleared ("Done" once due; the other
 * choices snooze it); saved by the lead's PATCH with If-Match like any change of the drawer.
 */
export function FollowUpPicker({ lead }: FollowUpPickerProps) {
  const update = useUpdateContact();
  const canEdit = useCan('triage');
  const now = useMinuteClock();
  const [date, setDate] = useState('');
  const [time, setTime] = useState('');
  const dateId = useId();
  const timeId = useId();
  const followUpAt = lead.followUpAt ?? null;
  const due = followUpAt !== null && new Date(followUpAt) <= now;
  const line = useRef<HTMLParagraphElement>(null);
  const shownFollowUp = useRef(followUpAt);

  // The control just used may be gone (Clear follow-up), or disabled while saving or once its
  // date is cleared (Set date), which drops keyboard focus to <body>: outside the drawer, where
  // Escape does not close it until the drawer's focus trap takes focus back to the drawer
  // itself. The line that now says the follow-up takes the focus instead, before paint, so that
  // focus is back where the user was before the new line shows.
  useLayoutEffect(() => {
    if (shownFollowUp.current === followUpAt) return;
    shownFollowUp.current = followUpAt;
    const active = document.activeElement;
    if (!active || active === document.body) line.current?.focus();
  }, [followUpAt]);

  const save = (at: Date | null) =>
    update.mutateAsync({ lead, changes: { followUpAt: at ? at.toISOString() : null } }).then(
      () => {
        setDate('');
        setTime('');
      },
      (error: Error) => {
        // A teammate's change came first: the conflict notice says which (lead-conflicts).
        if (!(error instanceof LeadConflictError))
          void toast({ title: 'Follow-up not changed', description: error.message, destructive: true });
      },
    );
  const chosenDate = followUpOn(date, time);

  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <Typography ref={line} tabIndex={-1} variant="body2" data-testid="follow-up" color={due ? 'error' : undefined}>
        {followUpAt ? `${due ? 'Due since' : 'Follow up on'} ${whenText(followUpAt)}` : 'No follow-up set.'}
      </Typography>
      {canEdit ? (
        <>
          <Box role="group" aria-label="Follow up" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
            {followUpChoices(now).map((choice) => (
              <Button
                key={choice.key}
                size="small"
                variant="outlined"
                disabled={update.isPending}
                onClick={() => void save(choice.at)}
              >
                {choice.label}
              </Button>
            ))}
            {followUpAt ? (
              <Button size="small" color="inherit" disabled={update.isPending} onClick={() => void save(null)}>
                {due ? 'Done' : 'Clear follow-up'}
              </Button>
            ) : null}
          </Box>
          <Box
            component="form"
            sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}
            onSubmit={(event) => {
              event.preventDefault();
              if (chosenDate) void save(chosenDate);
            }}
          >
            <TextField
              id={dateId}
              type="date"
              size="small"
              label="On a date"
              value={date}
              onChange={(event) => setDate(event.target.value)}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: localDay(now) } }}
            />
            <TextField
              id={timeId}
              type="time"
              size="small"
              label="At"
              value={time}
              placeholder="09:00"
              onChange={(event) => setTime(event.target.value)}
              slotProps={{ inputLabel: { shrink: true } }}
              sx={{ width: 120 }}
            />
            <Button type="submit" size="small" variant="outlined" disabled={!chosenDate || update.isPending}>
              Set date
            </Button>
          </Box>
        </>
      ) : null}
    </Box>
  );
}
