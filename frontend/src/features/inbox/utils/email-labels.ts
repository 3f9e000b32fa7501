import type { LeadEmail } from '../api/contact-types';

const KIND_LABELS: Record<LeadEmail['kind'], string> = {
  'new-lead': 'New lead notice to a teammate',
  digest: 'Daily digest',
  assigned: 'Assigned notice to a teammate',
  'auto-reply': 'Auto-reply to the visitor',
  invitation: 'Invitation',
  'password-reset': 'Password reset',
  overdue: 'Waiting-for-an-answer notice to a teammate',
  'follow-up': 'Follow-up reminder to a teammate',
  reply: 'Reply notice to a teammate',
  'meeting-booked': 'Meeting booked notice to the assignee',
};

const STATE_LABELS: Record<LeadEmail['state'], string> = {
  pending: 'Waiting to be sent',
  delivered: 'Sent',
  failed: 'Failed',
};

/** What an e-mail about a lead is, in words. */
export function emailKindLabel(kind: LeadEmail['kind']): string {
  return KIND_LABELS[kind] ?? kind;
}

export function emailStateLabel(state: LeadEmail['state']): string {
  return STATE_LABELS[state] ?? state;
}
