import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/testing/test-utils';
import { TrendCaption, TrendPanel } from '../trend-panel';

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

describe('TrendPanel', () => {
  it('turns no spinner below the fold: the chart loads, spinner and all, once the panel comes near the screen', async () => {
    const observers: IntersectionObserverCallback[] = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(callback: IntersectionObserverCallback) {
          observers.push(callback);
        }
        observe() {}
        disconnect() {}
      },
    );
    // The trend's answer never comes: the panel stays loading once in view.
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(() => new Promise<Response>(() => undefined)),
    );
    renderApp(<TrendPanel days={30} interestBreakdown={{}} />);
    expect(screen.getByRole('heading', { name: 'Submissions a day, last 30 days' })).toBeInTheDocument();
    expect(screen.queryByRole('progressbar', { hidden: true })).toBeNull();
    expect(screen.queryByText('Loading the chart…')).toBeNull();

    act(() => observers[0]([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver));
    expect(await screen.findByText('Loading the chart…')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { hidden: true })).toBeInTheDocument();
  });
});
