import type { ContactDetail, HistoryEvent, SeenLead } from '../api/contact-types';
import { statusLabel } from './status-labels';

const who = (event: HistoryEvent | undefined) => event?.actorDisplayName ?? event?.actor ?? 'A teammate';
const latest = (lead: ContactDetail, action: HistoryEvent['action']) => lead.history.find((event) => event.action === action);

/**
 * What a teammate changed between the lead the user saw and the lead as it is now, in words:
 * "Ann changed the status to Contacted while you were editing."
 */
export function conflictText(seen: SeenLead, current: ContactDetail, doing = 'editing'): string {
  const changes: string[] = [];
  if (seen.status !== current.status) {
    changes.push(`${who(latest(current, 'status'))} changed the status to ${statusLabel(current.status)}`);
  }
  if (seen.assigneeId !== current.assigneeId) {
    const by = who(latest(current, 'assign'));
    changes.push(current.assignee ? `${by} assigned it to ${current.assignee.displayName}` : `${by} unassigned it`);
  }
  if (seen.notes) {
    const known = new Set(seen.notes.map((note) => note.id));
    const added = current.notes.filter((note) => !known.has(note.id));
    if (added.length) changes.push(`${added[0].authorDisplayName ?? 'A teammate'} added a note`);
  }
  const what = changes.length ? changes.join(' and ') : 'A teammate changed this lead';
  return `${what} while you were ${doing}.`;
}
