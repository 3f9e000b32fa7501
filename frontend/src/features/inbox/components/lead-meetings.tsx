import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ContactDetail } from '../api/contact-types';
import { localTime } from '../utils/relative-time';

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
  if (meetings.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        No meeting booked yet.
      </Typography>
    );
  }
  return (
    <Box component="ul" sx={{ m: 0, pl: 2.5 }} data-testid="meetings">
      {meetings.map((meeting) => {
        const cancelled = meeting.status === 'cancelled';
        return (
          <Typography component="li" variant="body2" key={meeting.id} data-status={meeting.status}>
            <Box component="span" sx={cancelled ? { textDecoration: 'line-through' } : undefined}>
              <time dateTime={meeting.start}>{localTime(meeting.start)}</time>
            </Box>
            {cancelled ? ' · Cancelled' : ''}{' '}
            <Typography component="span" variant="body2" color="text.secondary">
              via {PROVIDER_LABELS[meeting.provider]}
              {meeting.organizerEmail ? `, with ${meeting.organizerEmail}` : ''}
              {meeting.location ? (
                <>
                  {' · '}
                  <Location location={meeting.location} />
                </>
              ) : null}
            </Typography>
          </Typography>
        );
      })}
    </Box>
  );
}
