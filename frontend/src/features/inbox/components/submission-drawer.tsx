import { type KeyboardEvent, type ReactNode, useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import SvgIcon from '@mui/material/SvgIcon';
import Typography from '@mui/material/Typography';
import { Spinner } from '@/components/spinner';
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

export type SubmissionDrawerProps = {
  id: string | null;
  /** The leads before and after it in the list the dashboard shows (null at either end, or when it is not in it). */
  neighbours?: { previous: string | null; next: string | null };
  onOpen: (id: string) => void;
  onClose: () => void;
};

/** Where typing goes: J and K are letters there, not moves. */
function isTyping(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));
}

function ArrowIcon({ up }: { up: boolean }) {
  return (
    <SvgIcon fontSize="small">
      <path d={up ? 'M7.41 15.41 12 10.83l4.59 4.58L18 14l-6-6-6 6z' : 'M7.41 8.59 12 13.17l4.59-4.58L18 10l-6 6-6-6z'} />
    </SvgIcon>
  );
}

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
    <Box component="section" aria-label={title} sx={{ display: 'grid', gap: 1 }}>
      <Typography component="h3" variant="subtitle2" sx={{ fontWeight: 700 }}>
        {title}
      </Typography>
      {children}
    </Box>
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

function DrawerBody({ lead, onOpen, onClose }: { lead: ContactDetail; onOpen: (id: string) => void; onClose: () => void }) {
  const provenance = PROVENANCE_LABELS.filter(([key]) => lead[key]);
  const canDelete = useCan('delete');
  const conflict = useLeadConflicts().find((one) => one.leadId === lead.id);
  const me = useSessionUser();
  // Whom an `assign` event names: the people this page knows.
  const names = Object.fromEntries(
    [lead.assignee, me].filter((person) => person != null).map((person) => [person.id, person.displayName]),
  );
  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      {conflict ? <ConflictNotice conflict={conflict} lead={lead} /> : null}
      <SubmissionCard submission={lead} />
      {canDelete ? (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          <DeleteContactButton id={lead.id} name={lead.name} inSpreadsheet={lead.delivery.state !== 'off'} onDeleted={onClose} />
        </Box>
      ) : null}
      {lead.status === 'spam' || lead.heldAsSpam || lead.spamReasons.length ? (
        <Section title={lead.heldAsSpam ? 'Held as spam' : 'Spam check'}>
          <SpamReasons lead={lead} />
        </Section>
      ) : null}
      <Section title="Status">
        <Box>
          <StatusSelect submission={lead} />
        </Box>
        {lead.statusChangedAt ? (
          <Typography variant="body2" color="text.secondary">
            Changed by {statusChangerName(lead)} on {localTime(lead.statusChangedAt)}
          </Typography>
        ) : null}
      </Section>
      <Section title="Assignee">
        <Box>
          <AssigneeSelect submission={lead} assignee={lead.assignee} />
        </Box>
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
      <Section title="Notes">
        <NoteThread leadId={lead.id} notes={lead.notes} />
      </Section>
      {provenance.length ? (
        <Section title="Where the lead came from">
          <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5 }}>
            {provenance.map(([key, label]) => (
              <Box key={key} sx={{ display: 'contents' }}>
                <Typography component="dt" variant="body2" color="text.secondary">
                  {label}
                </Typography>
                <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                  {lead[key]}
                </Typography>
              </Box>
            ))}
          </Box>
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
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {lead.otherSubmissions.map((other) => (
              <li key={other.id}>
                <Link component="button" type="button" variant="body2" onClick={() => onOpen(other.id)}>
                  {localTime(other.submittedAt)}
                </Link>{' '}
                <Typography component="span" variant="body2" color="text.secondary">
                  {interestLabel(other.interest)}, {statusLabel(other.status)}
                </Typography>
              </li>
            ))}
          </Box>
        </Section>
      ) : null}
      <Section title="History">
        {lead.history?.length ? (
          <Box component="ol" sx={{ m: 0, pl: 2.5 }} data-testid="history">
            {lead.history.map((event, index) => (
              <Typography component="li" variant="body2" key={`${event.at}-${index}`}>
                {historyText(event, names)}{' '}
                <Typography component="span" variant="body2" color="text.secondary">
                  {/* Routing's events name the rule in their text ("by the rule …"): only the time here. */}
                  {isRoutingEvent(event)
                    ? localTime(event.at)
                    : `by ${event.actorDisplayName ?? event.actor ?? 'the system'}, ${localTime(event.at)}`}
                </Typography>
              </Typography>
            ))}
          </Box>
        ) : (
          <Typography variant="body2" color="text.secondary">
            Nothing changed yet.
          </Typography>
        )}
      </Section>
    </Box>
  );
}

/** The lead's every detail beside the list: open while `id` is set. */
export function SubmissionDrawer({ id, neighbours, onOpen, onClose }: SubmissionDrawerProps) {
  const lead = useContact(id);
  const queryClient = useQueryClient();
  // The thread is asked for beside the lead rather than once the lead's answer is drawn (its
  // "Conversation" asks for it on mount): on a long thread that second round trip, after the
  // body's first render, was most of the time to the newest message.
  useEffect(() => {
    if (id !== null) void queryClient.prefetchQuery(getLeadMessagesQueryOptions(id));
  }, [id, queryClient]);
  const previous = neighbours?.previous ?? null;
  const next = neighbours?.next ?? null;
  // J and K, as in mail clients: the next and the previous lead of the list, without closing.
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.altKey || event.ctrlKey || event.metaKey || isTyping(event.target)) return;
    const to = event.key === 'j' ? next : event.key === 'k' ? previous : null;
    if (!to) return;
    event.preventDefault();
    onOpen(to);
  };
  return (
    <Drawer
      anchor="right"
      open={id !== null}
      // The page behind may scroll: locking it restyles <body>, and the whole dashboard's
      // style and layout were computed again as the drawer opened (half its latency at 4x CPU).
      disableScrollLock
      // Mounted (hidden) with the page, so that its styles are in the document before the
      // first lead opens: new style rules make the browser restyle the whole dashboard, which
      // the drawer's opening transition forces at once (120 ms of its 320 at 4x CPU).
      keepMounted
      onClose={onClose}
      onKeyDown={onKeyDown}
      slotProps={{ paper: { sx: { width: { xs: '100%', sm: 480 }, p: 2.5 }, role: 'dialog', 'aria-labelledby': 'lead-title' } }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', mb: 2 }}>
        <Typography id="lead-title" component="h2" variant="h6" sx={{ fontWeight: 700, mr: 'auto' }}>
          Submission details
        </Typography>
        <IconButton aria-label="Previous lead (K)" disabled={!previous} onClick={() => previous && onOpen(previous)}>
          <ArrowIcon up />
        </IconButton>
        <IconButton aria-label="Next lead (J)" disabled={!next} onClick={() => next && onOpen(next)}>
          <ArrowIcon up={false} />
        </IconButton>
        <IconButton aria-label="Close details" onClick={onClose}>
          <SvgIcon fontSize="small">
            <path d="M19 6.41 17.59 5 12 10.59 6.41 5 5 6.41 10.59 12 5 17.59 6.41 19 12 13.41 17.59 19 19 17.59 13.41 12z" />
          </SvgIcon>
        </IconButton>
      </Box>
      {lead.isPending && id !== null ? (
        <Box role="status" sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
          <Spinner /> Loading…
        </Box>
      ) : lead.isError ? (
        <Alert severity="error">
          {/* Erased by a teammate while open (its lead.erased event fetched it again). */}
          {isApiError(lead.error, 404)
            ? 'This submission no longer exists: it was erased.'
            : `Could not load this submission: ${lead.error.message}`}
        </Alert>
      ) : lead.data ? (
        <DrawerBody key={lead.data.id} lead={lead.data} onOpen={onOpen} onClose={onClose} />
      ) : null}
    </Drawer>
  );
}
