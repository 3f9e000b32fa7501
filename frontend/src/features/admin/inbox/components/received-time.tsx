import Typography from '@mui/material/Typography';
import { localTime, relativeTime } from '../utils/relative-time';

export type ReceivedTimeProps = {
  iso: string;
  now: Date;
};

/** The submission time in the browser's local format (spec §2), with "2 h ago" under it. */
export function ReceivedTime({ iso, now }: ReceivedTimeProps) {
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
