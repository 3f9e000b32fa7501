import Typography from '@mui/material/Typography';
import { useMinuteClock } from '@/lib/minute-clock';
import { localTime, relativeTime } from '../utils/relative-time';

export type ReceivedTimeProps = {
  iso: string;
};

/**
 * The submission time in the browser's local format (spec §2), with "2 h ago" under it,
 * which moves on each minute (the page's one minute clock; the row around it does not render again).
 */
export function ReceivedTime({ iso }: ReceivedTimeProps) {
  const now = useMinuteClock();
  return (
    <>
      <Typography component="time" variant="body2" dateTime={iso} sx={{ display: 'block' }}>
        {localTime(iso)}
      </Typography>
      <Typography component="span" variant="caption" color="text.secondary">
        {relativeTime(iso, now)}
      </Typography>
    </>
  );
}
