import { Suspense, memo } from 'react';
import { LazyAlert as Alert } from '@/components/lazy-alert';
import { lazyWithTheme } from '@/components/lazy-with-theme';
import { Spinner } from '@/components/spinner';
import { INTERESTS } from '@/config/interests';
import { useInView } from '@/lib/use-in-view';
import type { TrendDay } from '../api/get-trend';
import { useTrend } from '../api/get-trend';
import './trend-panel.css';

// MUI X Charts is most of the dashboard's JavaScript (about 80 KB gzip): a chunk of its own,
// fetched while the trend loads, so the inbox's first rows never wait for it.
const TrendChart = lazyWithTheme(() => import('./trend-chart').then((m) => m.TrendChart));

export type TrendPanelProps = {
  days: number;
  interestBreakdown: Record<string, number>;
};

function ChartLoading() {
  return (
    <div role="status" className="trend-panel__loading">
      <Spinner /> Loading the chart…
    </div>
  );
}

/** The interests' all-time shares, as the analytics return them. */
function InterestBreakdown({ breakdown }: { breakdown: Record<string, number> }) {
  const total = Object.values(breakdown).reduce((sum, count) => sum + count, 0);
  return (
    <ul aria-label="Submissions by interest" className="trend-panel__breakdown">
      {INTERESTS.map((interest) => {
        const count = breakdown[interest.value] ?? 0;
        const share = total ? Math.round((count / total) * 100) : 0;
        return (
          <li className="trend-panel__text" key={interest.value} data-testid={`breakdown-${interest.value}`}>
            {interest.label}: <strong>{count}</strong> ({share} %)
          </li>
        );
      })}
    </ul>
  );
}

/** How many submissions the chart shows, and the dates it spans. */
export function TrendCaption({ days }: { days: TrendDay[] }) {
  const total = days.reduce((sum, day) => sum + day.total, 0);
  return (
    <figcaption className="trend-panel__text trend-panel__caption">
      {total} submission{total === 1 ? '' : 's'} from {days[0]?.date} to {days.at(-1)?.date}
    </figcaption>
  );
}

/** The trend of the chosen range beside the all-time interest breakdown. */
// Memoized: opening a lead re-renders the dashboard, not the chart.
export const TrendPanel = memo(function TrendPanel({ days, interestBreakdown }: TrendPanelProps) {
  const trend = useTrend(days);
  // The chart (its chunk, and its mount: one long task on a phone) waits until the panel
  // comes near the screen; the trend itself is fetched at once, so it is ready then.
  const [panel, inView] = useInView<HTMLElement>();
  return (
    // Plain elements (trend-panel.css): the panel mounts with the first rows, on the first screen's work.
    <section ref={panel} aria-labelledby="trend-title" className="trend-panel">
      <h2 id="trend-title" className="trend-panel__title">
        Submissions a day, last {days} days
      </h2>
      <div className="trend-panel__grid">
        <figure data-testid="trend-chart" className="trend-panel__chart">
          {!inView ? (
            // Its place, still: a spinner turning below the fold had the compositor draw frames
            // through the page's whole load, on the cores the page needed (docs/benchmarks.md).
            <div className="trend-panel__loading" />
          ) : trend.isPending ? (
            <ChartLoading />
          ) : trend.isError ? (
            <Alert severity="error">Could not load the trend: {trend.error.message}</Alert>
          ) : (
            <Suspense fallback={<ChartLoading />}>
              <TrendChart days={trend.data} />
            </Suspense>
          )}
          {trend.data ? <TrendCaption days={trend.data} /> : null}
        </figure>
        <div>
          <h3 className="trend-panel__subtitle">By interest, all time</h3>
          <InterestBreakdown breakdown={interestBreakdown} />
        </div>
      </div>
    </section>
  );
});
