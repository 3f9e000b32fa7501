import type { HistoryEvent } from '../api/contact-types';
import { statusLabel } from './status-labels';
import { localTime } from './relative-time';

/** A note's event: added (with its first characters), deleted, or from before the thread (saved or cleared). */
function noteText(detail: HistoryEvent['detail']): string {
  if (detail.deleted) return 'Note deleted';
  if (typeof detail.excerpt === 'string') return `Note added: “${detail.excerpt}${detail.excerpt.length >= 100 ? '…' : ''}”`;
  if (detail.noteId) return 'Note added (deleted since)';
  return detail.cleared ? 'Note cleared' : 'Note saved';
}

type LeadRouting = { rule: string | null; reason: string };

/** An `assign` event that routing made when the lead arrived (or was released). */
export function isRoutingEvent(event: HistoryEvent): boolean {
  return (
    event.action === 'assign' &&
    event.actorId === null &&
    typeof event.detail.routing === 'object' &&
    event.detail.routing !== null
  );
}

/** "by the rule Partnerships, round robin", or "by the fallback, round robin". */
function routingText({ rule, reason }: LeadRouting): string {
  return `${rule === null ? 'by the fallback' : `by the rule ${rule}`}, ${reason}`;
}

/** One line of a lead's history, in words: "Status: New → Contacted", "Assigned to Grace". `names`: display names by user id. */
export function historyText(event: HistoryEvent, names: Record<string, string> = {}): string {
  const { action, detail } = event;
  if (action === 'assign') {
    if (typeof detail.to !== 'string') return 'Unassigned';
    const to = `Assigned to ${names[detail.to] ?? 'a teammate'}`;
    if (isRoutingEvent(event)) return `${to} ${routingText(detail.routing as LeadRouting)}`;
    // Given at arrival to the owner of the person's earlier lead.
    return detail.returning === true ? `${to}, who has this person's earlier lead` : to;
  }
  if (action === 'status') {
    const change = `Status: ${statusLabel(String(detail.from))} → ${statusLabel(String(detail.to))}`;
    // The first message sent to a new lead answers it (the API's conversation).
    return detail.via === 'reply' ? `${change} (replied)` : change;
  }
  if (action === 'note') return noteText(detail);
  if (action === 'redeliver') return 'Sent to the spreadsheet again';
  if (action === 'export') return 'Exported';
  if (action === 'meeting') {
    return detail.status === 'booked' && typeof detail.start === 'string'
      ? `Meeting booked for ${localTime(detail.start)}`
      : 'Meeting cancelled';
  }
  return action;
}
