import { useCallback, useEffect, useState } from 'react';
import { INBOX_API } from './inbox-keys';

/** The data of a `lead.created` event: the new lead's id only (no personal data in the stream). */
interface LeadCreatedEvent {
  id: string;
}

/** After the stream failed for good (not a stream: nginx's 503 while the API restarts), try again this much later. */
const REOPEN_AFTER_MS = 5_000;

/**
 * The leads stored since the page opened or since `reset`, counted live from the API's event
 * stream (GET /api/admin/events). It only counts: nothing is fetched until the user asks.
 * EventSource reconnects by itself after a dropped stream (the API's `retry`), but gives up
 * on an answer that is not a stream, so the stream is then opened again after a pause.
 */
export function useNewLeads(): { count: number; reset: () => void } {
  const [ids, setIds] = useState<ReadonlySet<string>>(() => new Set());

  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    let source: EventSource | undefined;
    let reopen: number | undefined;
    const open = () => {
      source = new EventSource(INBOX_API.events);
      source.addEventListener('lead.created', (event) => {
        const { id } = JSON.parse((event as MessageEvent<string>).data) as LeadCreatedEvent;
        setIds((current) => (current.has(id) ? current : new Set(current).add(id)));
      });
      source.addEventListener('error', () => {
        if (source?.readyState === EventSource.CLOSED) reopen = window.setTimeout(open, REOPEN_AFTER_MS);
      });
    };
    open();
    return () => {
      window.clearTimeout(reopen);
      source?.close();
    };
  }, []);

  const reset = useCallback(() => setIds(new Set()), []);
  return { count: ids.size, reset };
}
