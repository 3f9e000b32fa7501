import type { HistoryEvent } from '../api/contact-types';
import { statusLabel } from './status-labels';

/** One line of a lead's history, in words: "Status: New → Contacted", "Assigned to Grace". `names`: display names by user id. */
export function historyText(event: HistoryEvent, names: Record<string, string> = {}): string {
  const { action, detail } = event;
  if (action === 'assign') {
    if (typeof detail.to !== 'string') return 'Unassigned';
    const to = `Assigned to ${names[detail.to] ?? 'a teammate'}`;
    // Given at arrival to the owner of the person's earlier lead.
    return detail.returning === true ? `${to}, who has this person's earlier lead` : to;
  }
  if (action === 'status') return `Status: ${statusLabel(String(detail.from))} → ${statusLabel(String(detail.to))}`;
  if (action === 'note') return detail.cleared ? 'Note cleared' : 'Note saved';
  if (action === 'redeliver') return 'Sent to the spreadsheet again';
  if (action === 'export') return 'Exported';
  return action;
}
