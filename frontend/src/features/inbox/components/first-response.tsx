import { useMinuteClock } from '@/lib/minute-clock';
import { useResponseSettings } from '@/lib/response-settings';
import type { ResponseLead } from '../api/response-time-types';
import { localTime } from '../utils/relative-time';
import { responseState } from '../utils/response-text';
import './submission-drawer.css';

export type FirstResponseProps = {
  lead: ResponseLead;
};

/** The drawer's first answer: when, and how fast ("answered in 12 min"), or how long it has waited. */
export function FirstResponse({ lead }: FirstResponseProps) {
  const now = useMinuteClock();
  const settings = useResponseSettings();
  const state = responseState(lead, now, settings.data);
  const target = settings.data ? ` (target: ${settings.data.targetMinutes} min)` : '';
  if (state.kind === 'none') {
    return (
      <p className="lead-text text-secondary" data-testid="first-response">
        {lead.heldAsSpam ? 'Held as spam: not waiting for an answer.' : 'Not answered yet.'}
      </p>
    );
  }
  return (
    <p
      className={state.kind === 'waiting' && state.overdue ? 'lead-text drawer-error' : 'lead-text'}
      data-testid="first-response"
    >
      {state.kind === 'answered'
        ? `Answered in ${state.duration}, on ${localTime(lead.firstRespondedAt!)}`
        : `Waiting ${state.duration}${state.overdue ? ', overdue' : ''}`}
      {target}
    </p>
  );
}
