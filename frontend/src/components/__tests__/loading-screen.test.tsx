import { act, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LoadingScreen, SPINNER_AFTER_MS } from '../loading-screen';

const spinner = () => screen.queryByRole('progressbar', { hidden: true });

afterEach(() => {
  vi.useRealTimers();
});

describe('LoadingScreen', () => {
  it('shows its text at once, and its spinner once the page has been open a second', () => {
    vi.useFakeTimers();
    vi.spyOn(performance, 'now').mockReturnValue(200);
    render(<LoadingScreen label="Loading the dashboard" />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading the dashboard');

    act(() => {
      vi.advanceTimersByTime(SPINNER_AFTER_MS - 200 - 1);
    });
    expect(spinner()).toBeNull();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(spinner()).toBeInTheDocument();
  });

  it('turns its spinner at once on a page open longer than that', () => {
    vi.useFakeTimers();
    vi.spyOn(performance, 'now').mockReturnValue(SPINNER_AFTER_MS + 5000);
    render(<LoadingScreen label="Loading the team" />);
    act(() => {
      vi.advanceTimersByTime(0);
    });
    expect(spinner()).toBeInTheDocument();
  });

  it("writes no spinner into a page's HTML", () => {
    expect(renderToString(<LoadingScreen label="Loading the dashboard" />)).not.toContain('progressbar');
  });
});
