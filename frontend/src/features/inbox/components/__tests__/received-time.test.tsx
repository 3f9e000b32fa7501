import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ReceivedTime } from '../received-time';

afterEach(() => vi.useRealTimers());

describe(ReceivedTime.name, () => {
  it('moves "… ago" on as the minutes pass, every row on one clock, fetching nothing', () => {
    vi.useFakeTimers({ now: new Date('2026-11-23T12:02:30Z') });
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    render(
      <>
        <ReceivedTime iso="2026-11-23T12:00:00Z" />
        <ReceivedTime iso="2026-11-23T11:00:00Z" />
      </>,
    );
    expect(screen.getByText('2 min ago')).toBeInTheDocument();
    expect(screen.getByText('1 h ago')).toBeInTheDocument();

    act(() => {
      vi.advanceTimersByTime(30_000);
    });
    expect(screen.getByText('3 min ago')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(30 * 60_000);
    });
    expect(screen.getByText('33 min ago')).toBeInTheDocument();
    expect(screen.getByText('1 h ago')).toBeInTheDocument();
    expect(vi.getTimerCount()).toBe(1);
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});
