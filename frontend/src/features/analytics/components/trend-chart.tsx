import { BarChart } from '@mui/x-charts/BarChart';
import { INTERESTS } from '@/config/interests';
import type { TrendDay } from '../api/get-trend';

export type TrendChartProps = {
  days: TrendDay[];
};

/**
 * Submissions a day, one stacked bar a day, one colour an interest. Not a Tab stop: its
 * keyboard navigation is a spot without a visible focus, and the panel says the same in text.
 */
export function TrendChart({ days }: TrendChartProps) {
  const dataset = days.map((day) => ({
    date: day.date,
    ...Object.fromEntries(INTERESTS.map((interest) => [interest.value, day.byInterest[interest.value] ?? 0])),
  }));
  return (
    <BarChart
      height={260}
      dataset={dataset}
      xAxis={[{ scaleType: 'band', dataKey: 'date', valueFormatter: (date: string) => date.slice(5) }]}
      yAxis={[{ tickMinStep: 1 }]}
      series={INTERESTS.map((interest) => ({ dataKey: interest.value, label: interest.label, stack: 'day' }))}
      skipAnimation
      disableKeyboardNavigation
    />
  );
}
