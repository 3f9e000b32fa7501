import { BarChart } from '@mui/x-charts/BarChart';
import { ChartsReferenceLine } from '@mui/x-charts/ChartsReferenceLine';

export type ResponseReportChartProps = {
  /** One bar a row: a source or an assignee, and its median minutes to the first answer. */
  rows: { label: string; medianMinutes: number }[];
  targetMinutes: number | null;
  title: string;
};

const BAR_HEIGHT = 36;

/**
 * Median minutes to the first answer, one horizontal bar a source or assignee (long names
 * read on a phone), with the team's target as a line. Not a Tab stop: the table beside it
 * says the same in text.
 */
export function ResponseReportChart({ rows, targetMinutes, title }: ResponseReportChartProps) {
  const highest = Math.max(targetMinutes ?? 0, ...rows.map((row) => row.medianMinutes));
  return (
    <BarChart
      aria-label={title}
      height={Math.max(140, rows.length * BAR_HEIGHT + 70)}
      layout="horizontal"
      dataset={rows}
      yAxis={[{ scaleType: 'band', dataKey: 'label', width: 96 }]}
      xAxis={[{ label: 'median minutes', min: 0, max: Math.ceil(highest * 1.1) || 10, tickMinStep: 1 }]}
      series={[{ dataKey: 'medianMinutes', label: 'Median minutes', valueFormatter: (value) => `${value ?? 0} min` }]}
      hideLegend
      skipAnimation
      disableKeyboardNavigation
    >
      {targetMinutes !== null ? (
        <ChartsReferenceLine
          x={targetMinutes}
          label={`Target ${targetMinutes} min`}
          labelAlign="start"
          lineStyle={{ strokeDasharray: '6 4' }}
        />
      ) : null}
    </BarChart>
  );
}
