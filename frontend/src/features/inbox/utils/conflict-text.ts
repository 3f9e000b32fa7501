import type { ContactDetail, HistoryEvent, SeenLead } from '../api/contact-types';
import { statusLabel } from './status-labels';

const who = (event: HistoryEvent | undefined) => event?.actorDisplayName ?? event?.actor ?? 'A teammate';
const latest = (lead: ContactDetail, action: HistoryEvent['action']) => lead.history.find((event) => event.action === action);

/**
 * What a teammate changed between the lead the user saw and the lead as it is now, in words
 * that name the lead (the notice may sit far from its row):
 * "Ann changed the status to Contacted while you were editing Grace Hopper."
 */
export function conflictText(seen: SeenLead, current: ContactDetail, doing = `editing ${current.name}`): string {
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

/**
 * Whether everything that changed since the user saw the lead was the user's own doing (two
 * quick changes of their own, the second sent before the first's answer came back): the
 * latest event of each field that differs, each new note, or, when nothing compared differs,
 * the lead's latest event, is theirs. Such a change is no conflict.
 */
export function changedOnlyBy(userId: string | undefined, seen: SeenLead, current: ContactDetail): boolean {
  if (!userId) return false;
  const actors: (string | null | undefined)[] = [];
  if (seen.status !== current.status) actors.push(latest(current, 'status')?.actorId);
  if (seen.assigneeId !== current.assigneeId) actors.push(latest(current, 'assign')?.actorId);
  if (seen.notes) {
    const known = new Set(seen.notes.map((note) => note.id));
    for (const note of current.notes) if (!known.has(note.id)) actors.push(note.authorId);
  }
  if (actors.length === 0) actors.push(current.history[0]?.actorId);
  return actors.every((actor) => actor === userId);
}
