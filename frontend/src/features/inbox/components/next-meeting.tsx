import type { ContactSubmission } from '../api/contact-types';
import { LocalTime } from './local-time';
import './lead-parts.css';

export type NextMeetingProps = {
  lead: Pick<ContactSubmission, 'nextMeetingAt'>;
};

/** "Meeting: <local time>": the lead booked a call through a booking link, not over yet. */
export function NextMeeting({ lead }: NextMeetingProps) {
  if (!lead.nextMeetingAt) return null;
  return (
    <span className="lead-caption lead-time next-meeting" data-testid="next-meeting">
      Meeting: <LocalTime iso={lead.nextMeetingAt} />
    </span>
  );
}
