import type { ContactDetail, LeadMessage, SeenLead } from '../api/contact-types';
import { conflictText } from './conflict-text';

const STATE_LABELS: Record<NonNullable<LeadMessage['state']>, string> = {
  queued: 'Queued',
  sent: 'Sent',
  failed: 'Not delivered',
};

/** An outgoing message's state in words. */
export function messageStateLabel(state: LeadMessage['state']): string | null {
  return state ? STATE_LABELS[state] : null;
}

/** An attachment's size: "812 B", "34 KB", "1.2 MB". */
export function fileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/**
 * Why a reply was refused (412), in words: the newest message the user had not seen
 * ("Ann answered while you were writing."), else what else changed on the lead.
 */
export function replyConflictText(
  seen: SeenLead,
  current: ContactDetail,
  known: ReadonlySet<string>,
  thread: readonly LeadMessage[] | undefined,
): string {
  const unseen = (thread ?? []).filter((message) => !known.has(message.id));
  const newest = unseen.at(-1);
  if (newest?.direction === 'out') return `${newest.authorDisplayName ?? 'A teammate'} answered while you were writing.`;
  if (newest?.automatic) return 'An automatic reply came in while you were writing.';
  if (newest) return `${current.name} wrote again while you were writing.`;
  return conflictText(seen, current, `writing to ${current.name}`);
}
