import { useId, useLayoutEffect, useRef, useState } from 'react';
import { toast } from '@/components/toast/toast';
import { useMinuteClock } from '@/lib/minute-clock';
import { useCan } from '@/lib/session-user';
import type { SeenLead } from '../api/contact-types';
import { LeadConflictError } from '../api/lead-conflicts';
import type { ResponseFields } from '../api/response-time-types';
import { useUpdateContact } from '../api/update-contact';
import { followUpChoices, followUpOn, localDay } from '../utils/follow-up-choices';
import './submission-drawer.css';

export type FollowUpPickerProps = {
  lead: SeenLead & Pick<ResponseFields, 'followUpAt'>;
};

// One formatter for the page's life: toLocaleString with options builds one on every call.
let whenFormat: Intl.DateTimeFormat | undefined;
const whenText = (iso: string) => {
  whenFormat ??= new Intl.DateTimeFormat(undefined, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
  const when = new Date(iso);
  return Number.isNaN(when.getTime()) ? iso : whenFormat.format(when);
};

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
    <div className="drawer-stack">
      <p
        ref={line}
        tabIndex={-1}
        className={due ? 'lead-text follow-up follow-up--due' : 'lead-text follow-up'}
        data-testid="follow-up"
      >
        {followUpAt ? `${due ? 'Due since' : 'Follow up on'} ${whenText(followUpAt)}` : 'No follow-up set.'}
      </p>
      {canEdit ? (
        <>
          <div role="group" aria-label="Follow up" className="drawer-row">
            {followUpChoices(now).map((choice) => (
              <button
                key={choice.key}
                type="button"
                className="btn btn--outlined btn--small"
                disabled={update.isPending}
                onClick={() => void save(choice.at)}
              >
                {choice.label}
              </button>
            ))}
            {followUpAt ? (
              <button
                type="button"
                className="btn btn--text btn--small btn--inherit"
                disabled={update.isPending}
                onClick={() => void save(null)}
              >
                {due ? 'Done' : 'Clear follow-up'}
              </button>
            ) : null}
          </div>
          <form
            className="follow-up-form"
            onSubmit={(event) => {
              event.preventDefault();
              if (chosenDate) void save(chosenDate);
            }}
          >
            <div className="drawer-field">
              <label htmlFor={dateId}>On a date</label>
              <input
                className="outlined-input"
                id={dateId}
                type="date"
                value={date}
                min={localDay(now)}
                onChange={(event) => setDate(event.target.value)}
              />
            </div>
            <div className="drawer-field drawer-field--time">
              <label htmlFor={timeId}>At</label>
              <input
                className="outlined-input"
                id={timeId}
                type="time"
                value={time}
                placeholder="09:00"
                onChange={(event) => setTime(event.target.value)}
              />
            </div>
            <button type="submit" className="btn btn--outlined btn--small" disabled={!chosenDate || update.isPending}>
              Set date
            </button>
          </form>
        </>
      ) : null}
    </div>
  );
}
