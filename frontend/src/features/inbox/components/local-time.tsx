import { localTimeParts } from '../utils/relative-time';
import './lead-parts.css';

export type LocalTimeProps = {
  iso: string;
  className?: string;
};

/**
 * The exact local time, whose line breaks where its column is too narrow for it between its
 * date and its time, and nowhere else (lead-parts.css): a narrow table cuts none of it.
 */
export function LocalTime({ iso, className }: LocalTimeProps) {
  const [date, time] = localTimeParts(iso);
  return (
    <time className={className ? `local-time ${className}` : 'local-time'} dateTime={iso}>
      <span className="local-time__part">{date}</span>
      {time === undefined ? null : (
        <>
          {' '}
          <span className="local-time__part">{time}</span>
        </>
      )}
    </time>
  );
}
