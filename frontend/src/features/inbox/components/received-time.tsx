import { useMinuteClock } from '@/lib/minute-clock';
import { relativeTime } from '../utils/relative-time';
import { LocalTime } from './local-time';
import './lead-parts.css';

export type ReceivedTimeProps = {
  iso: string;
};

/**
 * The submission time in the browser's local format, with "2 h ago" under it,
 * which moves on each minute (the page's one minute clock; the row around it does not render again).
 */
export function ReceivedTime({ iso }: ReceivedTimeProps) {
  const now = useMinuteClock();
  return (
    <>
      <LocalTime iso={iso} className="lead-text lead-time" />
      <span className="lead-caption received-time__relative">{relativeTime(iso, now)}</span>
    </>
  );
}
