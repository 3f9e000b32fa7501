import { useMinuteClock } from '@/lib/minute-clock';
import type { ContactSubmission } from '../api/contact-types';
import { localTime, relativeTime } from '../utils/relative-time';
import './lead-parts.css';

export type AwaitingReplyProps = {
  lead: Pick<ContactSubmission, 'awaitingReply' | 'lastMessageAt'>;
};

/** "Awaiting reply · 2 h ago": the lead wrote last (not automatically) and is owed an answer. */
export function AwaitingReply({ lead }: AwaitingReplyProps) {
  const now = useMinuteClock();
  if (!lead.awaitingReply) return null;
  return (
    <span className="lead-caption awaiting-reply" data-testid="awaiting-reply">
      <span className="awaiting-reply__badge">Awaiting reply</span>
      {lead.lastMessageAt ? (
        <time dateTime={lead.lastMessageAt} title={localTime(lead.lastMessageAt)}>
          {relativeTime(lead.lastMessageAt, now)}
        </time>
      ) : null}
    </span>
  );
}
