import Tooltip from '@mui/material/Tooltip';
import { localTime, relativeTime } from '../utils/relative-time';

export type ReceivedTimeProps = {
  iso: string;
  now: Date;
};

/** "2 h ago", with the exact local time on hover. */
export function ReceivedTime({ iso, now }: ReceivedTimeProps) {
  const exact = localTime(iso);
  return (
    <Tooltip title={exact} describeChild>
      <time dateTime={iso} style={{ whiteSpace: 'nowrap' }}>
        {relativeTime(iso, now)}
      </time>
    </Tooltip>
  );
}
