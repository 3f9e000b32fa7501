import { memo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { getCountQueryOptions } from '../api/get-contacts';
import type { InboxView } from '../utils/inbox-views';
import { INBOX_VIEWS, viewLabel } from '../utils/inbox-views';

export type InboxViewsProps = {
  /** The open view's id. */
  current: string;
  onChange: (view: string) => void;
};

/** How many leads a counted view holds (`X-Total-Count` of its list, one row asked for). */
function useViewCount(view: InboxView): number | null {
  const count = useQuery({ ...getCountQueryOptions(view.filters), enabled: view.counted });
  return count.data ?? null;
}

function ViewButton({ view, current, onChange }: { view: InboxView } & InboxViewsProps) {
  const count = useViewCount(view);
  const open = view.id === current;
  return (
    <button
      type="button"
      className={open ? 'btn btn--small btn--contained' : 'btn btn--small btn--text'}
      aria-current={open ? 'page' : undefined}
      onClick={() => onChange(view.id)}
    >
      {viewLabel(view, count)}
    </button>
  );
}

/** The inbox and its views (Spam, …), one button each (styles/controls.css); memoized like the filters. */
export const InboxViews = memo(function InboxViews({ current, onChange }: InboxViewsProps) {
  return (
    <nav aria-label="Views" className="toolbar">
      {INBOX_VIEWS.map((view) => (
        <ViewButton key={view.id || 'inbox'} view={view} current={current} onChange={onChange} />
      ))}
    </nav>
  );
});
