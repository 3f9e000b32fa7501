/**
 * The dashboard's views beside the inbox: each a name, the list filters it adds, and whether
 * its button shows how many leads it holds. A new view is one more entry here.
 */
export type InboxView = {
  /** Its value of the page's `view` parameter ('' for the inbox itself). */
  id: string;
  label: string;
  /** The list filters it adds (a subset of filters.ts's ApiFilters, which imports this file). */
  filters: { status?: string; conversation?: 'awaiting'; assignee?: 'me' };
  counted: boolean;
};

export const INBOX_VIEWS: readonly InboxView[] = [
  { id: '', label: 'Inbox', filters: {}, counted: false },
  // The signed-in person's own leads, one tap away (on a phone the filter panel is folded).
  { id: 'mine', label: 'Mine', filters: { assignee: 'me' }, counted: true },
  // The leads that wrote last and are owed an answer (the API's `conversation=awaiting`).
  { id: 'awaiting', label: 'Awaiting reply', filters: { conversation: 'awaiting' }, counted: true },
  { id: 'spam', label: 'Spam', filters: { status: 'spam' }, counted: true },
];

export function findView(id: string): InboxView {
  return INBOX_VIEWS.find((view) => view.id === id) ?? INBOX_VIEWS[0];
}

/** The view's button: "Spam (3)" once its count is known. */
export function viewLabel(view: InboxView, count: number | null | undefined): string {
  return view.counted && count != null ? `${view.label} (${count})` : view.label;
}
