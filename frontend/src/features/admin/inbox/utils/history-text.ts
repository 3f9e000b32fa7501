import type { HistoryEvent } from '../api/contact-types';
import { statusLabel } from './status-labels';

/** One line of a lead's history, in words: "Status: New → Contacted". */
export function historyText(event: HistoryEvent): string {
  const { action, detail } = event;
  if (action === 'status') return `Status: ${statusLabel(String(detail.from))} → ${statusLabel(String(detail.to))}`;
  if (action === 'note') return detail.cleared ? 'Note cleared' : 'Note saved';
  if (action === 'redeliver') return 'Sent to the spreadsheet again';
  if (action === 'export') return 'Exported';
  return action;
}
