import { memo } from 'react';
import type { CSSProperties } from 'react';
import { ADMIN_STAT_COLUMNS } from '@/config/constants';
import type { Analytics } from '../api/get-analytics';
import { topInterest } from '../utils/top-interest';
import './stat-cards.css';

export type StatCardsProps = {
  analytics: Analytics;
};

const COLUMNS = { '--stat-columns': ADMIN_STAT_COLUMNS } as CSSProperties;

type Stat = { label: string; value: string | number };

// Memoized: opening a lead re-renders the dashboard, not its cards.
export const StatCards = memo(function StatCards({ analytics }: StatCardsProps) {
  const stats: Stat[] = [
    { label: 'Total Submissions', value: analytics.total },
    { label: 'This Month', value: analytics.thisMonth },
    { label: 'Companies', value: analytics.companiesSubmitted },
    { label: 'Top Interest', value: topInterest(analytics.interestBreakdown) },
  ];

  // Plain CSS (stat-cards.css): ADMIN_STAT_COLUMNS cards a row on a wide screen, two on a phone.
  return (
    <ul aria-label="Statistics" data-testid="stat-cards" className="stat-cards" style={COLUMNS}>
      {stats.map((stat) => (
        <li key={stat.label} className="stat-card">
          <p className="stat-card__label">{stat.label}</p>
          <p
            className="stat-card__value"
            data-testid={`stat-${stat.label.toLowerCase().replace(/\s+/g, '-')}`}
            title={String(stat.value)}
          >
            {stat.value}
          </p>
        </li>
      ))}
    </ul>
  );
});
