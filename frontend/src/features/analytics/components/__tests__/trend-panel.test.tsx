import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/testing/test-utils';
import { TrendCaption } from '../trend-panel';

const day = (date: string, total: number) => ({ date, total, byInterest: {} });

describe(TrendCaption.name, () => {
  it('counts the submissions of the range, one in the singular', () => {
    const { unmount } = renderApp(<TrendCaption days={[day('2026-11-22', 0), day('2026-11-23', 1)]} />);
    expect(screen.getByText('1 submission from 2026-11-22 to 2026-11-23')).toBeInTheDocument();
    unmount();

    renderApp(<TrendCaption days={[day('2026-11-22', 2), day('2026-11-23', 1)]} />);
    expect(screen.getByText('3 submissions from 2026-11-22 to 2026-11-23')).toBeInTheDocument();
  });
});
