import type { ContactDetail } from '../api/contact-types';
import { localTime } from '../utils/relative-time';
import './submission-drawer.css';

const PROVIDER_LABELS: Record<ContactDetail['meetings'][number]['provider'], string> = {
  calcom: 'Cal.com',
  calendly: 'Calendly',
};

/** Where a meeting takes place: a link when it is one (opened in a new tab), its words otherwise. */
function Location({ location }: { location: string }) {
  if (!/^https:\/\//i.test(location)) return <>{location}</>;
  return (
    <a href={location} target="_blank" rel="noopener noreferrer">
      {location}
    </a>
  );
}

/** The meetings the lead booked, as the API orders them (those to come first); a cancelled one says so. */
export function LeadMeetings({ meetings }: { meetings: ContactDetail['meetings'] }) {
  if (meetings.length === 0) return <p className="lead-text text-secondary">No meeting booked yet.</p>;
  return (
    <ul className="drawer-list" data-testid="meetings">
      {meetings.map((meeting) => {
        const cancelled = meeting.status === 'cancelled';
        return (
          <li className="lead-text" key={meeting.id} data-status={meeting.status}>
            <span className={cancelled ? 'drawer-cancelled' : undefined}>
              <time dateTime={meeting.start}>{localTime(meeting.start)}</time>
            </span>
            {cancelled ? ' · Cancelled' : ''}{' '}
            <span className="text-secondary">
              via {PROVIDER_LABELS[meeting.provider]}
              {meeting.organizerEmail ? `, with ${meeting.organizerEmail}` : ''}
              {meeting.location ? (
                <>
                  {' · '}
                  <Location location={meeting.location} />
                </>
              ) : null}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
