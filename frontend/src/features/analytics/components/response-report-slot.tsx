import { Suspense, memo, useEffect, useRef, useState } from 'react';
import { lazyWithTheme } from '@/components/lazy-with-theme';

// The report, its queries and its charts are chunks of their own, fetched and mounted only
// once the panel's place comes near the screen: the dashboard's first load carries none of it.
const ResponseReportPanel = lazyWithTheme(() => import('./response-report-panel').then((m) => m.ResponseReportPanel));

/**
 * The place of the response-time report, below the trend; filled once it scrolls near.
 * Memoized (it takes no props): the report is MUI styled at run time, some 120 components, and
 * rendered again with the dashboard it cost every click that re-renders the dashboard (opening a
 * lead, Load more, a search's answer) their time before the next paint.
 */
export const ResponseReportSlot = memo(function ResponseReportSlot() {
  const place = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = place.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: '200px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);
  return (
    // A plain element: it mounts with the first rows, and MUI's Box is styled at run time.
    <div ref={place} data-testid="response-report" style={{ minWidth: 0, minHeight: near ? undefined : 320 }}>
      {near ? (
        <Suspense fallback={null}>
          <ResponseReportPanel />
        </Suspense>
      ) : null}
    </div>
  );
});
