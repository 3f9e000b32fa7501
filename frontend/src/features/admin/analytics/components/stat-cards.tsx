import { memo } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { ADMIN_STAT_COLUMNS } from '@/config/constants';
import type { Analytics } from '../api/get-analytics';
import { topInterest } from '../utils/top-interest';

export type StatCardsProps = {
  analytics: Analytics;
};

type Stat = { label: string; value: string | number };

// Memoized: opening a lead re-renders the dashboard, not its cards.
export const StatCards = memo(function StatCards({ analytics }: StatCardsProps) {
  const stats: Stat[] = [
    { label: 'Total Submissions', value: analytics.total },
    { label: 'This Month', value: analytics.thisMonth },
    { label: 'Companies', value: analytics.companiesSubmitted },
    { label: 'Top Interest', value: topInterest(analytics.interestBreakdown) },
  ];

  return (
    <Box
      component="ul"
      aria-label="Statistics"
      data-testid="stat-cards"
      sx={{
        listStyle: 'none',
        p: 0,
        m: 0,
        display: 'grid',
        gap: { xs: 1, sm: 2 },
        gridTemplateColumns: {
          // Two a row and compact on a phone, so the first lead stays near the top.
          xs: 'repeat(2, minmax(0, 1fr))',
          md: `repeat(${ADMIN_STAT_COLUMNS}, minmax(0, 1fr))`,
        },
      }}
    >
      {stats.map((stat) => (
        <Paper component="li" key={stat.label} variant="outlined" sx={{ p: { xs: 1.5, sm: 2.5 }, borderRadius: 3 }}>
          <Typography variant="body2" color="text.secondary" sx={{ fontWeight: 500 }}>
            {stat.label}
          </Typography>
          <Typography
            component="p"
            data-testid={`stat-${stat.label.toLowerCase().replace(/\s+/g, '-')}`}
            sx={{ fontSize: { xs: '1.25rem', sm: '2rem' }, fontWeight: 700, mt: 0.5, overflowWrap: 'anywhere' }}
          >
            {stat.value}
          </Typography>
        </Paper>
      ))}
    </Box>
  );
});
