import { Suspense, lazy, memo } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { LazyAlert as Alert } from '@/components/lazy-alert';
import { Spinner } from '@/components/spinner';
import { INTERESTS } from '@/config/interests';
import { useInView } from '@/lib/use-in-view';
import type { TrendDay } from '../api/get-trend';
import { useTrend } from '../api/get-trend';

// MUI X Charts is most of the dashboard's JavaScript (about 80 KB gzip): a chunk of its own,
// fetched while the trend loads, so the inbox's first rows never wait for it.
const TrendChart = lazy(() => import('./trend-chart').then((m) => ({ default: m.TrendChart })));

export type TrendPanelProps = {
  days: number;
  interestBreakdown: Record<string, number>;
};

function ChartLoading() {
  return (
    <Box role="status" sx={{ height: 260, display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 1 }}>
      <Spinner /> Loading the chart…
    </Box>
  );
}

/** The interests' all-time shares, as the analytics return them. */
function InterestBreakdown({ breakdown }: { breakdown: Record<string, number> }) {
  const total = Object.values(breakdown).reduce((sum, count) => sum + count, 0);
  return (
    <Box component="ul" aria-label="Submissions by interest" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 0.5 }}>
      {INTERESTS.map((interest) => {
        const count = breakdown[interest.value] ?? 0;
        const share = total ? Math.round((count / total) * 100) : 0;
        return (
          <Typography component="li" variant="body2" key={interest.value} data-testid={`breakdown-${interest.value}`}>
            {interest.label}: <strong>{count}</strong> ({share} %)
          </Typography>
        );
      })}
    </Box>
  );
}

/** How many submissions the chart shows, and the dates it spans. */
export function TrendCaption({ days }: { days: TrendDay[] }) {
  const total = days.reduce((sum, day) => sum + day.total, 0);
  return (
    <Typography component="figcaption" variant="body2" color="text.secondary">
      {total} submission{total === 1 ? '' : 's'} from {days[0]?.date} to {days.at(-1)?.date}
    </Typography>
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
    <Paper ref={panel} component="section" aria-labelledby="trend-title" variant="outlined" sx={{ p: 2.5, borderRadius: 3 }}>
      <Typography id="trend-title" component="h2" variant="h6" sx={{ fontWeight: 700 }}>
        Submissions a day, last {days} days
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 3fr) minmax(0, 1fr)' } }}>
        <Box component="figure" data-testid="trend-chart" sx={{ m: 0, minWidth: 0 }}>
          {trend.isPending || !inView ? (
            <ChartLoading />
          ) : trend.isError ? (
            <Alert severity="error">Could not load the trend: {trend.error.message}</Alert>
          ) : (
            <Suspense fallback={<ChartLoading />}>
              <TrendChart days={trend.data} />
            </Suspense>
          )}
          {trend.data ? <TrendCaption days={trend.data} /> : null}
        </Box>
        <Box>
          <Typography component="h3" variant="subtitle2" sx={{ fontWeight: 700, mb: 1 }}>
            By interest, all time
          </Typography>
          <InterestBreakdown breakdown={interestBreakdown} />
        </Box>
      </Box>
    </Paper>
  );
});
