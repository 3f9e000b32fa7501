import { Fragment, memo, type ReactNode, useDeferredValue, useEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import { useQueryClient } from '@tanstack/react-query';
import { type DrawerKey, SideDrawer } from '@/components/side-drawer';
import { Spinner } from '@/components/spinner';
import { afterNextFrame } from '@/lib/after-next-frame';
import { interestLabel } from '@/config/interests';
import { useCan, useSessionUser } from '@/lib/session-user';
import type { ContactDetail, Provenance } from '../api/contact-types';
import { useContact } from '../api/get-contact';
import { getLeadMessagesQueryOptions } from '../api/get-lead-messages';
import { useLeadConflicts } from '../api/lead-conflicts';
import { isApiError } from '@/lib/api-client';
import { historyText, isRoutingEvent } from '../utils/history-text';
import { localTime } from '../utils/relative-time';
import { statusLabel } from '../utils/status-labels';
import { AssigneeSelect } from './assignee-select';
import { DeleteContactButton } from './delete-contact-button';
import { DeliveryPanel } from './delivery-panel';
import { FirstResponse } from './first-response';
import { LeadMeetings } from './lead-meetings';
import { FollowUpPicker } from './follow-up-picker';
import { LeadConversation } from './lead-conversation';
import { LeadEmails } from './lead-emails';
import { ConflictNotice } from './conflict-notice';
import { NoteThread } from './note-thread';
import { SpamReasons } from './spam-reasons';
import { StatusSelect } from './status-select';
import { SubmissionCard } from './submission-card';
import './submission-drawer.css';

export type SubmissionDrawerProps = {
  id: string | null;
  /** The ids of the list the dashboard shows, in order: J and K step through them. */
  listIds?: readonly string[];
  onOpen: (id: string) => void;
  onClose: () => void;
};

/** Where typing goes: J and K are letters there, not moves. */
function isTyping(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));
}

/** A 24-unit icon of the header's buttons (MUI's small SvgIcon's size, drawer's CSS). */
function Icon({ path }: { path: string }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d={path} />
    </svg>
  );
}

const UP = 'M7.41 15.41 12 10.83l4.59 4.58L18 14l-6-6-6 6z';
const DOWN = 'M7.41 8.59 12 13.17l4.59-4.58L18 10l-6 6-6-6z';
const CROSS = 'M19 6.41 17.59 5 12 10.59 6.41 5 5 6.41 10.59 12 5 17.59 6.41 19 12 13.41 17.59 19 19 17.59 13.41 12z';

const PROVENANCE_LABELS: [keyof Provenance, string][] = [
  ['utmSource', 'UTM source'],
  ['utmMedium', 'UTM medium'],
  ['utmCampaign', 'UTM campaign'],
  ['utmTerm', 'UTM term'],
  ['utmContent', 'UTM content'],
  ['referrer', 'Referrer'],
  ['landingPath', 'Landing page'],
  ['consentVersion', 'Consent notice version'],
];

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="drawer-section">
      <h3 className="drawer-section__title">{title}</h3>
      {children}
    </section>
  );
}

/**
 * Who last changed the status, by display name as the history and notes name people (the
 * detail's `statusChangedBy` is the username): its latest status event's actor.
 */
function statusChangerName(lead: ContactDetail): string {
  const event = lead.history.find((entry) => entry.action === 'status');
  return event?.actorDisplayName ?? lead.statusChangedBy ?? 'the system';
}

// Memoized: the frame that answers J or K renders the drawer's own parts, not the lead's.
const DrawerBody = memo(function DrawerBody({
  lead,
  onOpen,
  onClose,
}: {
  lead: ContactDetail;
  onOpen: (id: string) => void;
  onClose: () => void;
}) {
  const canDelete = useCan('delete');
  const conflict = useLeadConflicts().find((one) => one.leadId === lead.id);
  // The sections below the conversation (notes, provenance, spreadsheet, e-mails, history) come
  // in a second render, after the first paint: the render that draws the lead and its newest
  // messages holds only what sits above them and the reply box. useDeferredValue's first value
  // is `false`, then React renders again with `true` in the background.
  const below = useDeferredValue(true, false);
  return (
    <div className="drawer-body">
      {conflict ? <ConflictNotice conflict={conflict} lead={lead} /> : null}
      <SubmissionCard submission={lead} />
      {canDelete ? (
        <div className="drawer-row">
          <DeleteContactButton id={lead.id} name={lead.name} inSpreadsheet={lead.delivery.state !== 'off'} onDeleted={onClose} />
        </div>
      ) : null}
      {lead.status === 'spam' || lead.heldAsSpam || lead.spamReasons.length ? (
        <Section title={lead.heldAsSpam ? 'Held as spam' : 'Spam check'}>
          <SpamReasons lead={lead} />
        </Section>
      ) : null}
      <Section title="Status">
        <div className="drawer-start">
          <StatusSelect submission={lead} />
        </div>
        {lead.statusChangedAt ? (
          <p className="lead-text text-secondary">
            Changed by {statusChangerName(lead)} on {localTime(lead.statusChangedAt)}
          </p>
        ) : null}
      </Section>
      <Section title="Assignee">
        <div className="drawer-start">
          <AssigneeSelect submission={lead} assignee={lead.assignee} />
        </div>
      </Section>
      <Section title="First response">
        <FirstResponse lead={lead} />
      </Section>
      <Section title="Follow-up">
        <FollowUpPicker lead={lead} />
      </Section>
      <Section title="Meetings">
        <LeadMeetings meetings={lead.meetings} />
      </Section>
      <Section title="Conversation">
        <LeadConversation lead={lead} />
      </Section>
      {below ? <BelowConversation lead={lead} onOpen={onOpen} /> : null}
    </div>
  );
});

/** The drawer's sections below the conversation, drawn once its first paint is up. */
function BelowConversation({ lead, onOpen }: { lead: ContactDetail; onOpen: (id: string) => void }) {
  const me = useSessionUser();
  // Whom an `assign` event names: the people this page knows.
  const names = Object.fromEntries(
    [lead.assignee, me].filter((person) => person != null).map((person) => [person.id, person.displayName]),
  );
  const provenance = PROVENANCE_LABELS.filter(([key]) => lead[key]);
  return (
    <>
      <Section title="Notes">
        <NoteThread leadId={lead.id} notes={lead.notes} />
      </Section>
      {provenance.length ? (
        <Section title="Where the lead came from">
          <dl className="drawer-facts lead-text">
            {provenance.map(([key, label]) => (
              <Fragment key={key}>
                <dt className="text-secondary">{label}</dt>
                <dd>{lead[key]}</dd>
              </Fragment>
            ))}
          </dl>
        </Section>
      ) : null}
      <Section title="Spreadsheet">
        <DeliveryPanel id={lead.id} delivery={lead.delivery} held={lead.heldAsSpam} />
      </Section>
      <Section title="E-mails">
        <LeadEmails id={lead.id} />
      </Section>
      {lead.otherSubmissions.length ? (
        <Section title="Other submissions of this person">
          <ul className="drawer-list">
            {lead.otherSubmissions.map((other) => (
              <li key={other.id} className="lead-text">
                <button type="button" className="lead-open lead-open--plain" onClick={() => onOpen(other.id)}>
                  {localTime(other.submittedAt)}
                </button>{' '}
                <span className="text-secondary">
                  {interestLabel(other.interest)}, {statusLabel(other.status)}
                </span>
              </li>
            ))}
          </ul>
        </Section>
      ) : null}
      <Section title="History">
        {lead.history?.length ? (
          <ol className="drawer-list" data-testid="history">
            {lead.history.map((event, index) => (
              <li className="lead-text" key={`${event.at}-${index}`}>
                {historyText(event, names)}{' '}
                <span className="text-secondary">
                  {/* Routing's events name the rule in their text ("by the rule …"): only the time here. */}
                  {isRoutingEvent(event)
                    ? localTime(event.at)
                    : `by ${event.actorDisplayName ?? event.actor ?? 'the system'}, ${localTime(event.at)}`}
                </span>
              </li>
            ))}
          </ol>
        ) : (
          <p className="lead-text text-secondary">Nothing changed yet.</p>
        )}
      </Section>
    </>
  );
}

/** The lead's every detail beside the list: open while `id` is set. */
export function SubmissionDrawer({ id, listIds = [], onOpen, onClose }: SubmissionDrawerProps) {
  const queryClient = useQueryClient();
  // The thread is asked for beside the lead rather than once the lead's answer is drawn (its
  // "Conversation" asks for it on mount): on a long thread that second round trip, after the
  // body's first render, was most of the time to the newest message. A click in the list has
  // asked for both already (prefetch-lead); this is for a lead opened by its address.
  useEffect(() => {
    if (id !== null) void queryClient.prefetchQuery(getLeadMessagesQueryOptions(id));
  }, [id, queryClient]);
  // A step from one lead to the next (J, K, the arrows) answers with the drawer's own frame, the
  // lead shown marked busy, and draws the next lead in a task after that frame. Drawn in the
  // key's own task, the whole lead (its thread included) was the key's latency: 60-80 ms at 4x
  // CPU, and 232 ms on a slow run. React's deferred render was no better: its slices gave way
  // to every frame, and the lead came 300-500 ms after the key. Opening and closing draw at once
  // (opening a frame later did not make the click quicker, and the lead came later).
  const [shownId, setShownId] = useState(id);
  if ((id === null || shownId === null) && shownId !== id) setShownId(id);
  useEffect(() => {
    // flushSync: drawn in that task itself, not in one React would queue behind the others.
    if (id !== shownId) return afterNextFrame(() => flushSync(() => setShownId(id)), { first: true });
  }, [id, shownId]);
  const lead = useContact(shownId);
  // From the open lead, not the drawn one: a second J before the first is drawn goes on.
  const at = listIds.indexOf(id ?? '');
  const previous = at > 0 ? listIds[at - 1] : null;
  const next = at >= 0 && at + 1 < listIds.length ? listIds[at + 1] : null;
  // J and K, as in mail clients: the next and the previous lead of the list, without closing.
  const onKeyDown = (event: DrawerKey) => {
    if (event.altKey || event.ctrlKey || event.metaKey || isTyping(event.target)) return;
    const to = event.key === 'j' ? next : event.key === 'k' ? previous : null;
    if (!to) return;
    event.preventDefault();
    onOpen(to);
  };
  return (
    <SideDrawer open={id !== null} onClose={onClose} onKeyDown={onKeyDown} labelledBy="lead-title">
      <div className="drawer-head">
        <h2 id="lead-title" className="drawer-head__title">
          Submission details
        </h2>
        <button
          type="button"
          className="icon-btn"
          aria-label="Previous lead (K)"
          disabled={!previous}
          onClick={() => previous && onOpen(previous)}
        >
          <Icon path={UP} />
        </button>
        <button
          type="button"
          className="icon-btn"
          aria-label="Next lead (J)"
          disabled={!next}
          onClick={() => next && onOpen(next)}
        >
          <Icon path={DOWN} />
        </button>
        <button type="button" className="icon-btn" aria-label="Close details" onClick={onClose}>
          <Icon path={CROSS} />
        </button>
      </div>
      {lead.isPending && id !== null ? (
        <div role="status" className="drawer-loading">
          <Spinner /> Loading…
        </div>
      ) : lead.isError ? (
        <p role="alert" className="drawer-alert">
          {/* Erased by a teammate while open (its lead.erased event fetched it again). */}
          {isApiError(lead.error, 404)
            ? 'This submission no longer exists: it was erased.'
            : `Could not load this submission: ${lead.error.message}`}
        </p>
      ) : lead.data ? (
        <div className="drawer-step" aria-busy={shownId !== id}>
          <DrawerBody key={lead.data.id} lead={lead.data} onOpen={onOpen} onClose={onClose} />
        </div>
      ) : null}
    </SideDrawer>
  );
}
