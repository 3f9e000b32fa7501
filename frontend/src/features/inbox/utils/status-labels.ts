import type { Status } from '../api/contact-types';

export const STATUS_LABELS: Record<Status, string> = {
  new: 'New',
  contacted: 'Contacted',
  qualified: 'Qualified',
  archived: 'Archived',
  spam: 'Spam',
};

export function statusLabel(status: string): string {
  return STATUS_LABELS[status as Status] ?? status;
}
