import { useMinuteClock } from '@/lib/minute-clock';
import { useResponseSettings } from '@/lib/response-settings';
import type { ResponseLead } from '../api/response-time-types';
import { responseState } from '../utils/response-text';

export type ResponseTimeProps = {
  lead: ResponseLead;
};

/**
 * "answered in 12 min", or for a lead still new "waiting 2 h" with an "Overdue" badge past
 * the team's target; it moves on with the page's one minute clock.
 */
export function ResponseTime({ lead }: ResponseTimeProps) {
  const now = useMinuteClock();
  const settings = useResponseSettings();
  const state = responseState(lead, now, settings.data);
  if (state.kind === 'none') return null;
  const overdue = state.kind === 'waiting' && state.overdue;
  // Plain CSS (lead-parts.css): every row and card shows one.
  return (
    <span
      data-testid="response-time"
      className={overdue ? 'lead-caption response-time response-time--overdue' : 'lead-caption response-time'}
    >
      {state.text}
      {overdue ? <span className="response-time__badge">Overdue</span> : null}
    </span>
  );
}
