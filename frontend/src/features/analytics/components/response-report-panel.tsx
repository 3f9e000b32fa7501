import { Suspense, lazy, useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import NativeSelect from '@mui/material/NativeSelect';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Spinner } from '@/components/spinner';
import { useResponseSettings } from '@/lib/response-settings';
import type { ResponseReport } from '../api/get-response-report';
import { useResponseReport } from '../api/get-response-report';
import { REPORT_PERIODS, minutesText, reportRange, shareText } from '../utils/report-period';
import type { ReportPeriod } from '../utils/report-period';

// MUI X Charts, as the trend's: a chunk of its own, fetched once the panel is on screen.
const ResponseReportChart = lazy(() => import('./response-report-chart').then((m) => ({ default: m.ResponseReportChart })));

const NO_SOURCE = 'No source';
const UNASSIGNED = 'Unassigned';

function Figures({ report }: { report: ResponseReport }) {
  const figures = [
    ['Median', minutesText(report.medianMinutes)],
    ['90th percentile', minutesText(report.p90Minutes)],
    ['Within target', shareText(report.withinTarget)],
    ['Answered', `${report.answered} of ${report.leads}`],
    ['Overdue now', String(report.overdue)],
  ];
  return (
    <Box
      component="dl"
      data-testid="response-figures"
      sx={{
        m: 0,
        display: 'grid',
        gap: 1,
        gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(5, minmax(0, 1fr))' },
      }}
    >
      {figures.map(([label, value]) => (
        <Box key={label}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {label}
          </Typography>
          <Typography component="dd" sx={{ m: 0, fontSize: '1.25rem', fontWeight: 700 }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

type Column = { label: string; value: (row: Record<string, unknown>) => string };

/** The numbers behind a chart, to read exactly (and what a screen reader reads). */
function FigureTable({ caption, columns, rows }: { caption: string; columns: Column[]; rows: Record<string, unknown>[] }) {
  return (
    // Scrolls sideways on a narrow phone: a Tab stop, so a keyboard can scroll it too.
    <Box role="region" aria-label={caption} tabIndex={0} sx={{ overflowX: 'auto' }}>
      <Box
        component="table"
        sx={{
          borderCollapse: 'collapse',
          width: '100%',
          fontSize: '0.875rem',
          '& th, & td': { textAlign: 'left', p: 0.5, borderBottom: 1, borderColor: 'divider' },
        }}
      >
        <Box component="caption" sx={{ textAlign: 'left', fontWeight: 700, pb: 0.5 }}>
          {caption}
        </Box>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.label} scope="col">
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={index}>
              {columns.map((column) => (
                <td key={column.label}>{column.value(row)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </Box>
    </Box>
  );
}

type Breakdown = { title: string; rows: { label: string; medianMinutes: number }[] };

function ChartBlock({ breakdown, targetMinutes }: { breakdown: Breakdown; targetMinutes: number | null }) {
  return (
    <Box component="figure" data-testid="response-chart" sx={{ m: 0, minWidth: 0 }}>
      {breakdown.rows.length ? (
        <Suspense
          fallback={
            <Box role="status" sx={{ display: 'flex', gap: 1, alignItems: 'center', minHeight: 140 }}>
              <Spinner /> Loading the chart…
            </Box>
          }
        >
          <ResponseReportChart rows={breakdown.rows} targetMinutes={targetMinutes} title={breakdown.title} />
        </Suspense>
      ) : null}
      <Typography component="figcaption" variant="body2" color="text.secondary">
        {breakdown.rows.length ? breakdown.title : `${breakdown.title}: no lead answered yet.`}
      </Typography>
    </Box>
  );
}

const answeredRows = <T extends { medianMinutes: number | null }>(rows: T[], label: (row: T) => string) =>
  rows
    .filter((row) => row.medianMinutes !== null)
    .map((row) => ({ label: label(row), medianMinutes: Math.round(row.medianMinutes!) }));

/** How fast leads got their first answer over the chosen period: figures, charts by source and assignee, and their tables. */
export function ResponseReportPanel() {
  const [period, setPeriod] = useState<ReportPeriod>(30);
  const range = useMemo(() => reportRange(period), [period]);
  const report = useResponseReport(range.from, range.to);
  const settings = useResponseSettings();
  const targetMinutes = settings.data?.targetMinutes ?? null;
  const sourceLabel = (source: string | null) => source ?? NO_SOURCE;
  const assigneeLabel = (row: ResponseReport['byAssignee'][number]) => row.displayName ?? UNASSIGNED;

  return (
    <Paper
      component="section"
      aria-labelledby="response-title"
      variant="outlined"
      sx={{ p: 2.5, borderRadius: 3, display: 'grid', gap: 2 }}
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        <Typography id="response-title" component="h2" variant="h6" sx={{ fontWeight: 700, mr: 'auto' }}>
          Response time
        </Typography>
        <NativeSelect
          value={period}
          onChange={(event) => setPeriod(Number(event.target.value) as ReportPeriod)}
          inputProps={{ 'aria-label': 'Period' }}
        >
          {REPORT_PERIODS.map((days) => (
            <option key={days} value={days}>
              Last {days} days
            </option>
          ))}
        </NativeSelect>
      </Box>
      {targetMinutes !== null ? (
        <Typography variant="body2" color="text.secondary">
          First answers to the leads submitted from {range.from} to the end of today; target {targetMinutes} min.
        </Typography>
      ) : null}
      {report.isPending ? (
        <Box role="status" sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
          <Spinner /> Loading the report…
        </Box>
      ) : report.isError ? (
        <Alert severity="error">Could not load the response time: {report.error.message}</Alert>
      ) : (
        <>
          <Figures report={report.data} />
          <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' } }}>
            <Box sx={{ display: 'grid', gap: 1, alignContent: 'start', minWidth: 0 }}>
              <ChartBlock
                breakdown={{
                  title: 'Median minutes to the first answer by source',
                  rows: answeredRows(report.data.bySource, (row) => sourceLabel(row.source)),
                }}
                targetMinutes={targetMinutes}
              />
              <FigureTable
                caption="By source"
                rows={report.data.bySource}
                columns={[
                  { label: 'Source', value: (row) => sourceLabel(row.source as string | null) },
                  { label: 'Leads', value: (row) => String(row.leads) },
                  { label: 'Answered', value: (row) => String(row.answered) },
                  { label: 'Qualified', value: (row) => String(row.qualified) },
                  { label: 'Median', value: (row) => minutesText(row.medianMinutes as number | null) },
                ]}
              />
            </Box>
            <Box sx={{ display: 'grid', gap: 1, alignContent: 'start', minWidth: 0 }}>
              <ChartBlock
                breakdown={{
                  title: 'Median minutes to the first answer by assignee',
                  rows: answeredRows(report.data.byAssignee, assigneeLabel),
                }}
                targetMinutes={targetMinutes}
              />
              <FigureTable
                caption="By assignee"
                rows={report.data.byAssignee}
                columns={[
                  { label: 'Assignee', value: (row) => (row.displayName as string | null) ?? UNASSIGNED },
                  { label: 'Answered', value: (row) => String(row.answered) },
                  { label: 'Median', value: (row) => minutesText(row.medianMinutes as number | null) },
                  { label: 'Within target', value: (row) => shareText(row.withinTarget as number | null) },
                ]}
              />
            </Box>
          </Box>
        </>
      )}
    </Paper>
  );
}
